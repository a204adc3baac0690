/* effects-int.h - what the parts of the command-effects analyser share
 * (effects.c, shword.c, progopt.c, prog*.c, shwalk.c); not for other
 * callers, who use effects.h. Every function here works inside one
 * analysis (struct an): what it returns is owned by the analysis arena
 * unless said otherwise, and it never fails - what cannot be read is
 * reported as an unresolved or opaque effect. */
#ifndef FSJAIL_EFFECTS_INT_H
#define FSJAIL_EFFECTS_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "arena.h"
#include "keyset.h"
#include "effects.h"
#include "git-editor.h"
#include "git-env.h"
#include "path.h"
#include "policy.h"
#include "util.h"

/* Provided by the grammar (src/grammar/tsbash_parser.c). */
const TSLanguage *tree_sitter_bash(void);

/* Deepest tree walk, and deepest `bash -c` nesting. A line nested deeper
 * than this is not something a person wrote by hand; it is marked
 * incomplete instead of risking the stack. */
#define MAX_WALK_DEPTH 256
#define MAX_NEST 8
/* Loop bodies walked again because an iteration moved the shell's
 * directory; beyond this the line is incomplete (no blow-up on nesting). */
#define MAX_REWALK 64
/* Wrappers stacked on one command (`sudo env nice timeout ...`). */
#define MAX_WRAP 16
/* Give the parser this long (microseconds) before giving up. */
#define PARSE_TIMEOUT_US (5u * 1000u * 1000u)

/* Marks an element of PATH whose value is not known (`PATH=$X:$PATH`). */
#define PATH_UNKNOWN_ELEM "\x01"

/* ---- analysis state ------------------------------------------------------ */

struct fn {
	const char *name;
	struct fn *next;
	TSNode body;         /* walked once where defined, again where called */
	bool has_body;
	const char *src;     /* the text body belongs to (a->src then) */
	const char *def_cwd; /* the directory it was walked in where defined */
	bool moves;          /* its body changes the shell's directory */
	bool active;         /* being walked (a recursive call is not followed) */
	bool maybe;          /* defined on a path the line may not take (`a && f() {...}`) */
};

/* The shell state the walk carries; copied (by value) into subshells. */
struct sh {
	const char *cwd;   /* NULL when not known (after `cd $X`) */
	const char *path;  /* PATH; NULL when not known at all */
	struct fn *fns;    /* functions defined so far */
	bool git_env;      /* a GIT_* assignment that may move git's repository (git-env.h) */
	unsigned ed_inert; /* the editors git runs that the line made inert (git-editor.h) */
	bool cd_unsure;    /* a cd to a folder that may not exist: after the
			    * statement, cwd is the old one or the new one */
};

struct an {
	const struct effects_opts *o;
	struct fsj_effects *out;
	TSParser *parser;
	const char *line;   /* the analysed line (effects' text comes from here) */
	const char *src;    /* text of the tree being walked (line, or a -c string) */
	const char *unfixed; /* src before `<>` was spelled `>>`, or NULL (effects-parse.c) */
	bool glob_opts;     /* the line or a -c string names shopt or GLOBIGNORE (effects-glob.h) */
	bool cdpath;        /* the line names CDPATH: `cd NAME` may go elsewhere */
	bool fixed;         /* inside a -c string: every effect gets the span below */
	uint32_t fs, fe;
	/* src is the line with `;` after a here-document start spelled ` &&`
	 * (effects.c): offsets in src at or past ins[i] are two bytes further
	 * than in line, for each i */
	const uint32_t *ins;
	size_t nins;
	/* indexes in out of the writes `>`, touch, tee, cp... made without a
	 * create because the file exists now (see effects_recreate()) */
	size_t *cw;
	size_t ncw;
	/* indexes in out of the unresolved deletes, for may_be_deleted()
	 * (a scan of every effect made a list of n commands quadratic) */
	size_t *ud;
	size_t nud;
	int depth;
	int nest;
	int rewalks;        /* loop bodies walked a second time (MAX_REWALK) */
	/* the paths of the resolved deletes [0] and creates [1] so far, for
	 * effects_earlier() (borrowed from out: a scan was quadratic) */
	struct keyset made[2];
	struct knownvars *vars; /* the assignments of each text (shword-known.c) */
	/* the pattern effects_add() gives the unresolved effects of the word
	 * effects_emit() is on (effects-glob.h), or NULL */
	const char *pat;
	bool pat_any;
	bool pat_deep; /* fsj_effect.pattern_deep */
	/* the link effects_add() gives the creates of the ln operand being
	 * emitted (fsj_effect.link_kind, .link) */
	enum fsj_link_kind lnk_kind;
	const char *lnk;
	/* the list under a redirection whose end states the list around it
	 * wants unmerged (shwalk-flow.c), or NULL */
	struct list_split *split;
	struct arena ar;
};

/* An evaluated shell word. lit is its value after quote removal, escapes
 * and tilde expansion, with run-time parts kept as their source text;
 * prefix_len is how much of lit is known before the first run-time part
 * or unquoted glob character. */
struct word {
	const char *lit;
	size_t len;
	size_t prefix_len;
	bool dynamic;  /* expansion, substitution, ~user, unknown ~ */
	bool glob;     /* unquoted * ? [ or brace expansion */
	bool pipe;     /* a process substitution: a pipe, not a path */
	bool anywhere; /* its head is run-time ($X, $(...), ~user, xargs input) */
	uint32_t start, end;
};

static inline bool w_literal(const struct word *w)
{
	return !w->dynamic;
}

static inline bool w_path_known(const struct word *w)
{
	return !w->dynamic && !w->glob;
}

static inline bool w_is(const struct word *w, const char *s)
{
	return w_literal(w) && strcmp(w->lit, s) == 0;
}

#include "shword.h"
#include "progopt.h"

/* Span of node n in the analysed line (the -c string's span inside one). */
static inline uint32_t n_start(TSNode n)
{
	return ts_node_start_byte(n);
}

static inline uint32_t n_end(TSNode n)
{
	return ts_node_end_byte(n);
}

static inline const char *n_text(struct an *a, TSNode n)
{
	return arena_strndup(&a->ar, a->src + n_start(n), n_end(n) - n_start(n));
}

static inline bool n_is(TSNode n, const char *type)
{
	return strcmp(ts_node_type(n), type) == 0;
}

/* What an operand asks for. Plain capabilities, plus the combinations the
 * program table needs. */
enum mode {
	M_READ = FSJ_CAP_READ,
	M_WRITE = FSJ_CAP_WRITE,
	M_CREATE = FSJ_CAP_CREATE,
	M_DELETE = FSJ_CAP_DELETE,
	M_EXECUTE = FSJ_CAP_EXECUTE,
	M_CONNECT = FSJ_CAP_CONNECT,
	M_CW = 16,     /* write when the path exists, else create (`>`, cp target) */
	M_WIFEX,       /* write when it exists, else nothing (touch -c) */
	M_MV,          /* create, and write and delete as well when it exists (rename target) */
	M_LNF,         /* create, and delete as well when it exists (ln -f) */
};

/* The program and directory effects of one command are reported with. */
struct cmd {
	const char *prog;
	const char *cwd;
};

/* One invocation: argv[0] is the program word. */
struct inv {
	struct sh *sh;        /* the shell state (cd changes it when in_shell) */
	struct cmd c;         /* program name for effects, and its working directory */
	struct word **argv;
	size_t argc;
	bool in_shell;        /* runs in the current shell: builtins and functions apply */
	int wrap;             /* wrappers stripped so far */
	const char *binpath;  /* the program's file when spelled with a slash */
};

enum { RR_SHELL = 1, RR_NOFN = 2, RR_BUILTIN = 4 };

/* ---- effects.c: the effects list ---------------------------------------- */

/* effects-parse.c: s parsed, repaired where the grammar cannot read what
 * bash runs (`<>`; top: the analysed line, also a `;` after a
 * here-document's start), which sets a->src (and a->unfixed, a->ins);
 * NULL when the parser gave up. The caller deletes the tree. */
TSTree *effects_parse(struct an *a, const char *s, size_t len, bool top);
/* Offset x of a->src as an offset of the analysed line (a->ins). */
uint32_t effects_line_offset(const struct an *a, uint32_t x);
void effects_add(struct an *a, enum fsj_effect_status st, int cap, const char *path,
		       uint32_t start, uint32_t end, const char *program);
/* true when an effect found earlier in the line has capability cap on p
 * (above: or on a folder above p): a path deleted earlier may be gone, a
 * folder created earlier is there. */
bool effects_earlier(struct an *a, int cap, const char *p, bool above);
/* Mark the effects added since index from (a->out->n before) recursive. */
void effects_mark_recursive(struct an *a, size_t from);
void effects_opaque(struct an *a, const struct sh *sh, uint32_t start, uint32_t end,
		   const char *program);
int effects_kind(struct an *a, const char *p);
bool effects_executable(struct an *a, const char *p);
void effects_emit_at(struct an *a, const struct cmd *c, enum mode m, const char *p,
		    const char *anchor, uint32_t start, uint32_t end);
void effects_emit(struct an *a, const struct cmd *c, enum mode m, const struct word *w);
void effects_emit_into(struct an *a, const struct cmd *c, enum mode m, const struct word *dir,
		      const struct word *src, bool keep_parents);
bool effects_is_dir(struct an *a, const struct cmd *c, const struct word *w);
size_t effects_parent_len(const char *lit, size_t n);
void effects_emit_parents(struct an *a, const struct cmd *c, const char *base,
			  const struct word *w, size_t n);

/* ---- prog.c, prog-common.c: dispatch ------------------------------------ */

void prog_span(const struct inv *iv, size_t from, uint32_t *s, uint32_t *e);
size_t prog_argv_index(const struct inv *iv, const struct word *w);
void prog_exec_effect(struct an *a, const struct inv *iv);
void prog_all_ops(struct an *a, const struct inv *iv, const struct parsed *p, enum mode m);
void prog_run(struct an *a, struct inv *iv);
void prog_run_flags(struct an *a, struct inv *iv, unsigned flags);
/* prog-names.c: name is python, python3, python3.12...; d is a system
 * folder of programs (/bin, /usr/bin, /usr/local/bin...) */
bool prog_is_python(const char *name);
bool prog_system_bin_dir(const char *d);

/* ---- prog-*.c: handlers (one invocation each) --------------------------- */

void prog_rm(struct an *a, struct inv *iv);
void prog_mkdir(struct an *a, struct inv *iv);
void prog_rmdir(struct an *a, struct inv *iv);
void prog_touch(struct an *a, struct inv *iv);
void prog_truncate(struct an *a, struct inv *iv);
/* prog-outputs.c: leaves that write the files their options name */
void prog_sort(struct an *a, struct inv *iv);
void prog_shuf(struct an *a, struct inv *iv);
void prog_uniq(struct an *a, struct inv *iv);
void prog_xxd(struct an *a, struct inv *iv);
void prog_mktemp(struct an *a, struct inv *iv);
void prog_tree(struct an *a, struct inv *iv);
void prog_file(struct an *a, struct inv *iv);
void prog_cp(struct an *a, struct inv *iv);
void prog_install(struct an *a, struct inv *iv);
void prog_mv(struct an *a, struct inv *iv);
void prog_ln(struct an *a, struct inv *iv);
void prog_chmod(struct an *a, struct inv *iv);
void prog_chown(struct an *a, struct inv *iv);
void prog_dd(struct an *a, struct inv *iv);
void prog_find(struct an *a, struct inv *iv);
void prog_sed(struct an *a, struct inv *iv);
void prog_inplace(struct an *a, const struct cmd *c, const struct word *f,
		  const struct word *suffix);
void prog_grep(struct an *a, struct inv *iv);
void prog_rg(struct an *a, struct inv *iv);
void prog_tail(struct an *a, struct inv *iv);
void prog_wc(struct an *a, struct inv *iv);
void prog_less(struct an *a, struct inv *iv);
void prog_ls(struct an *a, struct inv *iv);
void prog_curl(struct an *a, struct inv *iv);
void prog_wget(struct an *a, struct inv *iv);
void prog_nc(struct an *a, struct inv *iv);
void prog_socat(struct an *a, struct inv *iv);
void prog_git(struct an *a, struct inv *iv);
void prog_sudo(struct an *a, struct inv *iv);
void prog_doas(struct an *a, struct inv *iv);
void prog_env(struct an *a, struct inv *iv);
void prog_nice(struct an *a, struct inv *iv);
void prog_nohup(struct an *a, struct inv *iv);
void prog_ldso(struct an *a, struct inv *iv);
void prog_timeout(struct an *a, struct inv *iv);
void prog_stdbuf(struct an *a, struct inv *iv);
void prog_time(struct an *a, struct inv *iv);
void prog_command(struct an *a, struct inv *iv);
void prog_builtin(struct an *a, struct inv *iv);
void prog_exec(struct an *a, struct inv *iv);
void prog_coproc(struct an *a, struct inv *iv);
void prog_xargs(struct an *a, struct inv *iv);
void prog_unknown_wrapper(struct an *a, struct inv *iv);
/* prog-class.c: name (a program's base name) runs no code but its own */
bool prog_is_leaf(const char *name);
/* iv's program runs code the line does not show: an opaque effect over
 * the whole command */
void prog_runs_unseen(struct an *a, const struct inv *iv);
void prog_sh(struct an *a, struct inv *iv);
void prog_othershell(struct an *a, struct inv *iv);
void prog_python(struct an *a, struct inv *iv);
void prog_node(struct an *a, struct inv *iv);
void prog_perl(struct an *a, struct inv *iv);
void prog_ruby(struct an *a, struct inv *iv);
void prog_php(struct an *a, struct inv *iv);
void prog_cd(struct an *a, struct inv *iv);
void prog_pushd(struct an *a, struct inv *iv);
void prog_popd(struct an *a, struct inv *iv);
void prog_source(struct an *a, struct inv *iv);
void prog_eval(struct an *a, struct inv *iv);
void prog_trap(struct an *a, struct inv *iv);

/* ---- shwalk.c: the tree walk ------------------------------------------- */

/* The children of n (named: only its named ones) in order, in an arena
 * array; *cnt their number. One pass of a tree cursor: ts_node_child(n, i)
 * walks the i siblings before it on every call, so a loop over it is
 * quadratic in a command's words (issue 19: a 290 KB line took minutes). */
TSNode *shwalk_kids(struct an *a, TSNode n, bool named, uint32_t *cnt);
void shwalk_subst(struct an *a, TSNode n, const struct sh *sh);
void shwalk_string(struct an *a, const struct sh *sh, const struct word *w,
			   const char *prog);
void shwalk_children(struct an *a, TSNode n, struct sh *sh);
void shwalk(struct an *a, TSNode n, struct sh *sh);
void shwalk_call(struct an *a, struct fn *f, struct sh *sh);
void shwalk_scan(struct an *a, TSNode n, struct sh *sh);
/* The variable_assignment n made the way how says, on the state to:
 * PATH changes lookups, a GIT_* name may move git's repository or make
 * its editor inert; its value is read in sh. shwalk_env_word() is the
 * same for an operand NAME=VALUE of env(1) (exported). */
void shwalk_assign(struct an *a, TSNode n, const struct sh *sh, struct sh *to,
		   enum git_ed_how how);
void shwalk_env_word(struct sh *to, const struct word *w);
/* Whether the redirection operator op (its node; type its text) is a
 * `<>` that effects_parse() spelled `>>`. */
bool shwalk_redirect_rw(const struct an *a, TSNode op, const char *type);
void shwalk_errors(struct an *a, TSNode root, const struct sh *sh);

#endif
