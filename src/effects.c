/* effects.c - command effects from a tree-sitter-bash parse
 * (DESIGN.md section 11) and their decision against a policy.
 *
 * Shape: parse the line -> walk the tree keeping a small shell state (the
 * working directory, PATH, the functions defined so far) -> turn each
 * simple command into an argv of evaluated words -> strip wrappers
 * (sudo, env, timeout...) -> the program table yields effects.
 *
 * Grammar notes (tree-sitter-bash 0.23.3 with the 0.20 library):
 * - field names are not reliable through ts_node_field_name_for_child()
 *   (they come out shifted when a node has several children under one
 *   field), so nodes are told apart by their type only;
 * - a file redirection swallows the words after it: `rm 2>/dev/null a b`
 *   is a redirected_statement whose file_redirect holds `a` and `b` after
 *   its destination; they are the command's arguments;
 * - a here-document redirection holds what follows it on the line: more
 *   redirections, swallowed words, `| pipeline` or `&& statement`. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tree_sitter/api.h>
#include <unistd.h>

#include "effects.h"
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
/* Wrappers stacked on one command (`sudo env nice timeout ...`). */
#define MAX_WRAP 16
/* Give the parser this long (microseconds) before giving up. */
#define PARSE_TIMEOUT_US (5u * 1000u * 1000u)

/* Marks an element of PATH whose value is not known (`PATH=$X:$PATH`). */
#define PATH_UNKNOWN_ELEM "\x01"

/* ---- arena: everything one analysis allocates, freed at once ----------- */

struct arena {
	void **p;
	size_t n, cap;
};

static void *ar_alloc(struct arena *ar, size_t size)
{
	if (ar->n == ar->cap) {
		ar->cap = ar->cap ? ar->cap * 2 : 64;
		ar->p = xreallocarray(ar->p, ar->cap, sizeof(*ar->p));
	}
	ar->p[ar->n] = xcalloc(1, size ? size : 1);
	return ar->p[ar->n++];
}

static char *ar_strndup(struct arena *ar, const char *s, size_t n)
{
	char *d = ar_alloc(ar, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static char *ar_strdup(struct arena *ar, const char *s)
{
	return ar_strndup(ar, s, strlen(s));
}

/* Take ownership of a malloc'd string. */
static char *ar_own(struct arena *ar, char *s)
{
	if (ar->n == ar->cap) {
		ar->cap = ar->cap ? ar->cap * 2 : 64;
		ar->p = xreallocarray(ar->p, ar->cap, sizeof(*ar->p));
	}
	ar->p[ar->n++] = s;
	return s;
}

static void ar_release(struct arena *ar)
{
	for (size_t i = 0; i < ar->n; i++)
		free(ar->p[i]);
	free(ar->p);
	ar->p = NULL;
	ar->n = ar->cap = 0;
}

/* ---- analysis state ------------------------------------------------------ */

struct fn {
	const char *name;
	struct fn *next;
};

/* The shell state the walk carries; copied (by value) into subshells. */
struct sh {
	const char *cwd;   /* NULL when not known (after `cd $X`) */
	const char *path;  /* PATH; NULL when not known at all */
	struct fn *fns;    /* functions defined so far */
};

struct an {
	const struct effects_opts *o;
	struct fsj_effects *out;
	TSParser *parser;
	const char *line;   /* the analysed line (effects' text comes from here) */
	const char *src;    /* text of the tree being walked (line, or a -c string) */
	bool fixed;         /* inside a -c string: every effect gets the span below */
	uint32_t fs, fe;
	int depth;
	int nest;
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
	uint32_t start, end;
};

static bool w_literal(const struct word *w)
{
	return !w->dynamic;
}

static bool w_path_known(const struct word *w)
{
	return !w->dynamic && !w->glob;
}

static bool w_is(const struct word *w, const char *s)
{
	return w_literal(w) && strcmp(w->lit, s) == 0;
}

static void walk(struct an *a, TSNode n, struct sh *sh);
static void walk_children(struct an *a, TSNode n, struct sh *sh);
static void scan(struct an *a, TSNode n, struct sh *sh);

/* ---- effects ------------------------------------------------------------- */

const char *fsj_effect_status_name(enum fsj_effect_status s)
{
	switch (s) {
	case FSJ_EFFECT_RESOLVED:
		return "resolved";
	case FSJ_EFFECT_UNRESOLVED:
		return "unresolved";
	case FSJ_EFFECT_OPAQUE:
		return "opaque";
	}
	return "?";
}

const char *fsj_effect_cap_name(int cap)
{
	if (cap == FSJ_EFFECT_ANY)
		return "any";
	return fsj_cap_name((enum fsj_cap)cap);
}

static void add_effect(struct an *a, enum fsj_effect_status st, int cap, const char *path,
		       uint32_t start, uint32_t end, const char *program)
{
	struct fsj_effects *fx = a->out;
	struct fsj_effect *e;

	if (a->fixed) {
		start = a->fs;
		end = a->fe;
	}
	if (fx->n == fx->cap) {
		fx->cap = fx->cap ? fx->cap * 2 : 16;
		fx->v = xreallocarray(fx->v, fx->cap, sizeof(*fx->v));
	}
	e = &fx->v[fx->n++];
	e->status = st;
	e->cap = cap;
	e->path = path ? xstrdup(path) : NULL;
	e->text = xstrndup(a->line + start, end - start);
	e->program = program ? xstrdup(program) : NULL;
	e->start = start;
	e->end = end;
}

/* Span of node n in the analysed line (the -c string's span inside one). */
static uint32_t n_start(TSNode n)
{
	return ts_node_start_byte(n);
}

static uint32_t n_end(TSNode n)
{
	return ts_node_end_byte(n);
}

static const char *n_text(struct an *a, TSNode n)
{
	return ar_strndup(&a->ar, a->src + n_start(n), n_end(n) - n_start(n));
}

static bool n_is(TSNode n, const char *type)
{
	return strcmp(ts_node_type(n), type) == 0;
}

static void opaque(struct an *a, const struct sh *sh, uint32_t start, uint32_t end,
		   const char *program)
{
	add_effect(a, FSJ_EFFECT_OPAQUE, FSJ_EFFECT_ANY, sh ? sh->cwd : a->o->cwd, start, end,
		   program);
}

/* Normalised absolute path of a word whose path is known; NULL when it is
 * empty or relative to an unknown directory. */
static const char *word_path(struct an *a, const char *cwd, const char *lit, size_t len)
{
	char *out = NULL;
	const char *in = lit;
	size_t n = len;

	if (n == 0)
		return NULL;
	if (lit[0] == '~') {
		/* a tilde left in a value was quoted: a plain name */
		in = ar_own(&a->ar, xasprintf("./%.*s", (int)len, lit));
		n = len + 2;
	}
	if (in[0] != '/' && !cwd)
		return NULL;
	if (path_normalize(in, n, NULL, cwd, &out) != PATH_OK)
		return NULL;
	return ar_own(&a->ar, out);
}

/* The directory a run-time operand is known to lie in: its literal
 * directory prefix (`/etc/$X` -> /etc), else cwd. */
static const char *word_anchor(struct an *a, const char *cwd, const struct word *w)
{
	size_t n = w->prefix_len;

	while (n > 0 && w->lit[n - 1] != '/')
		n--;
	if (n == 0)
		return cwd;
	if (n == 1)
		return "/";
	return word_path(a, cwd, w->lit, n - 1);
}

/* /dev/null and the standard streams carry no filesystem effect for a
 * read or a write (DESIGN.md section 11). */
static bool std_stream(const char *p)
{
	static const char *const names[] = { "/dev/null", "/dev/stdin", "/dev/stdout",
					     "/dev/stderr", "/dev/tty" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(p, names[i]) == 0)
			return true;
	return strncmp(p, "/dev/fd/", 8) == 0 || strncmp(p, "/proc/self/fd/", 14) == 0;
}

static int fs_kind(struct an *a, const char *p)
{
	struct stat st;

	if (a->o->fs.kind)
		return a->o->fs.kind(p, a->o->fs.data);
	if (stat(p, &st) < 0)
		return 0;
	return S_ISDIR(st.st_mode) ? 2 : 1;
}

static bool fs_executable(struct an *a, const char *p)
{
	struct stat st;

	if (a->o->fs.executable)
		return a->o->fs.executable(p, a->o->fs.data);
	if (stat(p, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	return faccessat(AT_FDCWD, p, X_OK, AT_EACCESS) == 0;
}

/* What an operand asks for. Plain capabilities, plus the combinations the
 * program table needs. */
enum mode {
	M_READ = FSJ_CAP_READ,
	M_WRITE = FSJ_CAP_WRITE,
	M_CREATE = FSJ_CAP_CREATE,
	M_DELETE = FSJ_CAP_DELETE,
	M_EXECUTE = FSJ_CAP_EXECUTE,
	M_CW = 16,     /* write when the path exists, else create (`>`, cp target) */
	M_WIFEX,       /* write when it exists, else nothing (touch -c) */
	M_MV,          /* create, and write as well when it exists (rename target) */
	M_LNF,         /* create, and delete as well when it exists (ln -f) */
};

/* The program and directory effects of one command are reported with. */
struct cmd {
	const char *prog;
	const char *cwd;
};

/* Effects of mode m on a known path p, or on an operand that lies in
 * directory anchor when p is NULL (unresolved). */
static void emit_at(struct an *a, const struct cmd *c, enum mode m, const char *p,
		    const char *anchor, uint32_t start, uint32_t end)
{
	enum fsj_effect_status st = p ? FSJ_EFFECT_RESOLVED : FSJ_EFFECT_UNRESOLVED;
	const char *where = p ? p : anchor;
	int kind = 0;

	if (p && (m == M_READ || m == M_WRITE || m == M_CW || m == M_WIFEX) && std_stream(p))
		return;
	if (p && (m == M_CW || m == M_WIFEX || m == M_MV || m == M_LNF))
		kind = fs_kind(a, p);
	switch (m) {
	case M_READ:
	case M_WRITE:
	case M_CREATE:
	case M_DELETE:
	case M_EXECUTE:
		add_effect(a, st, (int)m, where, start, end, c->prog);
		break;
	case M_CW:
		if (!p || kind == 0)
			add_effect(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		if (!p || kind != 0)
			add_effect(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
		break;
	case M_WIFEX:
		if (!p || kind != 0)
			add_effect(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
		break;
	case M_MV:
		add_effect(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		if (p && kind != 0)
			add_effect(a, st, FSJ_CAP_WRITE, where, start, end, c->prog);
		break;
	case M_LNF:
		if (p && kind != 0)
			add_effect(a, st, FSJ_CAP_DELETE, where, start, end, c->prog);
		add_effect(a, st, FSJ_CAP_CREATE, where, start, end, c->prog);
		break;
	}
}

/* Effects of mode m on operand w. */
static void emit(struct an *a, const struct cmd *c, enum mode m, const struct word *w)
{
	const char *p = NULL;

	if (w->pipe)
		return;
	if (w_path_known(w)) {
		if (w->len == 0)
			return; /* `rm ''`: the program fails, nothing happens */
		p = word_path(a, c->cwd, w->lit, w->len);
	}
	emit_at(a, c, m, p, p ? NULL : word_anchor(a, c->cwd, w), w->start, w->end);
}

/* Effects of mode m on DIR/basename(SRC): cp, mv and ln into a directory. */
static void emit_into(struct an *a, const struct cmd *c, enum mode m, const struct word *dir,
		      const struct word *src, bool keep_parents)
{
	const char *d = NULL, *s = NULL;

	if (src->pipe)
		return;
	if (w_path_known(dir))
		d = word_path(a, c->cwd, dir->lit, dir->len);
	if (!d) {
		emit_at(a, c, m, NULL, word_anchor(a, c->cwd, dir), dir->start, dir->end);
		return;
	}
	if (w_path_known(src))
		s = word_path(a, c->cwd, src->lit, src->len);
	if (!s) {
		emit_at(a, c, m, NULL, d, dir->start, dir->end);
		return;
	}
	if (keep_parents && src->lit[0] != '/') {
		emit_at(a, c, m, word_path(a, d, src->lit, src->len), NULL, dir->start, dir->end);
		return;
	}
	const char *base = strrchr(s, '/') + 1;
	if (!*base) /* the source is "/" */
		emit_at(a, c, m, d, NULL, dir->start, dir->end);
	else
		emit_at(a, c, m, ar_own(&a->ar, path_join(d, base)), NULL, dir->start, dir->end);
}

/* true when w names an existing directory (a known path only). A
 * trailing slash on a missing path does not make it one: `cp -r a/ b/`
 * creates b when b does not exist (GNU coreutils). */
static bool w_is_dir(struct an *a, const struct cmd *c, const struct word *w)
{
	const char *p;

	if (!w_path_known(w))
		return false;
	p = word_path(a, c->cwd, w->lit, w->len);
	return p && fs_kind(a, p) == 2;
}

/* ---- words --------------------------------------------------------------- */

struct wb {
	struct strbuf sb;
	bool prefix_done;
	size_t prefix_len;
	bool dynamic, glob;
	bool first;        /* nothing appended yet */
	int brace;         /* 0 none, 1 inside an unquoted {, 2 ... with , or .. */
	int pieces;        /* pieces of the word left to evaluate after this one */
};

static void wb_end_prefix(struct wb *b)
{
	if (!b->prefix_done) {
		b->prefix_done = true;
		b->prefix_len = b->sb.len;
	}
}

static void wb_lit(struct wb *b, const char *s, size_t n)
{
	sb_add(&b->sb, s, n);
	b->first = false;
}

static void wb_dyn(struct wb *b, const char *s, size_t n)
{
	wb_end_prefix(b);
	b->dynamic = true;
	sb_add(&b->sb, s, n);
	b->first = false;
}

/* The tilde prefix at the start of s (n bytes; s[0] is '~') into b: up to
 * the first unquoted slash, all of it unquoted (bash(1) "Tilde
 * Expansion"). Returns the bytes used, 0 when it is not a tilde prefix. */
static size_t wb_tilde(struct an *a, const struct sh *sh, struct wb *b, const char *s, size_t n)
{
	size_t j = 1;

	while (j < n && s[j] != '/')
		j++;
	if (j == n && b->pieces != 0)
		return 0; /* ~"x": quoted, a plain name */
	if (j == 1 && a->o->home)
		wb_lit(b, a->o->home, strlen(a->o->home));
	else if (j == 2 && s[1] == '+' && sh->cwd)
		wb_lit(b, sh->cwd, strlen(sh->cwd));
	else
		wb_dyn(b, s, j); /* ~user, ~-, or no home: known only at run time */
	return j;
}

/* Length of the NAME= that starts s (a word that looks like an assignment,
 * bash(1) PARAMETERS), 0 when it does not. */
static size_t assignment_prefix(const char *s, size_t n)
{
	size_t k = 0;

	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return 0;
	while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
		k++;
	return k < n && s[k] == '=' ? k + 1 : 0;
}

/* Unquoted text: backslash escapes, glob characters, brace expansion and,
 * at the start of the word or after the = of NAME=, tilde expansion. */
static void wb_unquoted(struct an *a, const struct sh *sh, struct wb *b, const char *s, size_t n)
{
	size_t i = 0, eq;

	if (b->first && n > 0 && s[0] == '~') {
		i = wb_tilde(a, sh, b, s, n);
	} else if (b->first && (eq = assignment_prefix(s, n)) != 0 && eq < n && s[eq] == '~') {
		/* bash expands a tilde after the = of an assignment-like
		 * argument too (bash(1) "Tilde Expansion"): dd of=~/x */
		wb_lit(b, s, eq);
		i = eq + wb_tilde(a, sh, b, s + eq, n - eq);
	}
	b->first = false;
	for (; i < n; i++) {
		char ch = s[i];

		if (ch == '\\') {
			if (i + 1 < n) {
				i++;
				if (s[i] != '\n')
					sb_addc(&b->sb, s[i]);
			} else {
				sb_addc(&b->sb, ch);
			}
			continue;
		}
		if (ch == '*' || ch == '?' || ch == '[') {
			wb_end_prefix(b);
			b->glob = true;
		} else if (ch == '{') {
			b->brace = 1;
		} else if (ch == ',' && b->brace == 1) {
			b->brace = 2;
		} else if (ch == '.' && b->brace == 1 && i + 1 < n && s[i + 1] == '.') {
			b->brace = 2;
		} else if (ch == '}' && b->brace == 2) {
			b->glob = true;
			b->brace = 0;
			/* the prefix stops before the brace */
			if (!b->prefix_done) {
				const char *open = memrchr(b->sb.buf, '{', b->sb.len);
				b->prefix_done = true;
				b->prefix_len = open ? (size_t)(open - b->sb.buf) : b->sb.len;
			}
		}
		sb_addc(&b->sb, ch);
	}
}

/* Text inside double quotes: only \$ \` \" \\ and \newline are escapes. */
static void wb_dquoted(struct wb *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && strchr("$`\"\\\n", s[i + 1])) {
			i++;
			if (s[i] != '\n')
				sb_addc(&b->sb, s[i]);
			continue;
		}
		sb_addc(&b->sb, s[i]);
	}
	b->first = false;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static bool is_octal(char c)
{
	return c >= '0' && c <= '7';
}

static void sb_add_utf8(struct strbuf *sb, unsigned long cp)
{
	if (cp < 0x80) {
		sb_addc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_addc(sb, (char)(0xc0 | (cp >> 6)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_addc(sb, (char)(0xe0 | (cp >> 12)));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x110000) {
		sb_addc(sb, (char)(0xf0 | (cp >> 18)));
		sb_addc(sb, (char)(0x80 | ((cp >> 12) & 0x3f)));
		sb_addc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		sb_addc(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

/* $'...' (bash(1) "QUOTING"): s is the text between the quotes. A NUL
 * ends the string, as it does in bash. */
static void wb_ansi_c(struct wb *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned long v;
		int k, d;

		if (s[i] != '\\' || i + 1 >= n) {
			sb_addc(&b->sb, s[i]);
			continue;
		}
		i++;
		switch (s[i]) {
		case 'a': sb_addc(&b->sb, '\a'); break;
		case 'b': sb_addc(&b->sb, '\b'); break;
		case 'e':
		case 'E': sb_addc(&b->sb, '\033'); break;
		case 'f': sb_addc(&b->sb, '\f'); break;
		case 'n': sb_addc(&b->sb, '\n'); break;
		case 'r': sb_addc(&b->sb, '\r'); break;
		case 't': sb_addc(&b->sb, '\t'); break;
		case 'v': sb_addc(&b->sb, '\v'); break;
		case '\\':
		case '\'':
		case '"':
		case '?': sb_addc(&b->sb, s[i]); break;
		case 'c':
			if (i + 1 < n) {
				i++;
				sb_addc(&b->sb, (char)(s[i] & 0x1f));
			}
			break;
		case 'x':
		case 'u':
		case 'U': {
			int max = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : 8;
			char kind = s[i];

			v = 0;
			for (k = 0; k < max && i + 1 < n && (d = hexval(s[i + 1])) >= 0; k++) {
				v = v * 16 + (unsigned long)d;
				i++;
			}
			if (k == 0) {
				sb_addc(&b->sb, '\\');
				sb_addc(&b->sb, kind);
			} else if (v == 0) {
				goto out;
			} else if (kind == 'x') {
				sb_addc(&b->sb, (char)v);
			} else {
				sb_add_utf8(&b->sb, v);
			}
			break;
		}
		default:
			if (is_octal(s[i])) {
				v = (unsigned long)(s[i] - '0');
				for (k = 1; k < 3 && i + 1 < n && is_octal(s[i + 1]); k++)
					v = v * 8 + (unsigned long)(s[++i] - '0');
				if ((v & 0xff) == 0)
					goto out;
				sb_addc(&b->sb, (char)(v & 0xff));
			} else {
				sb_addc(&b->sb, '\\');
				sb_addc(&b->sb, s[i]);
			}
		}
	}
out:
	b->first = false;
}

/* Walk the statements of a command or process substitution: they run in a
 * subshell of the current state. */
static void analyse_subst(struct an *a, TSNode n, const struct sh *sh)
{
	struct sh sub = *sh;

	walk_children(a, n, &sub);
}

static void wb_node(struct an *a, const struct sh *sh, struct wb *b, TSNode n);

static void wb_children(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	uint32_t cnt = ts_node_named_child_count(n);

	for (uint32_t i = 0; i < cnt; i++) {
		int saved = b->pieces;

		b->pieces = (int)(cnt - i - 1) + saved;
		wb_node(a, sh, b, ts_node_named_child(n, i));
		b->pieces = saved;
	}
}

static void wb_string(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	uint32_t pos = n_start(n) + 1, end = n_end(n) - 1;
	uint32_t cnt = ts_node_child_count(n);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_child(n, i);
		uint32_t cs = n_start(c), ce = n_end(c);

		if (!ts_node_is_named(c) && (i == 0 || i == cnt - 1) && n_is(c, "\""))
			continue;
		if (cs > pos && cs <= end)
			wb_dquoted(b, a->src + pos, cs - pos);
		if (ts_node_is_named(c) && !n_is(c, "string_content"))
			wb_node(a, sh, b, c);
		else
			wb_dquoted(b, a->src + cs, ce - cs);
		pos = ce;
	}
	if (end > pos)
		wb_dquoted(b, a->src + pos, end - pos);
	b->first = false;
}

static void wb_node(struct an *a, const struct sh *sh, struct wb *b, TSNode n)
{
	const char *t = ts_node_type(n);
	const char *s = a->src + n_start(n);
	size_t len = n_end(n) - n_start(n);

	if (strcmp(t, "word") == 0) {
		wb_unquoted(a, sh, b, s, len);
	} else if (strcmp(t, "number") == 0) {
		wb_lit(b, s, len);
	} else if (strcmp(t, "concatenation") == 0 || strcmp(t, "command_name") == 0) {
		wb_children(a, sh, b, n);
	} else if (strcmp(t, "string") == 0) {
		wb_string(a, sh, b, n);
	} else if (strcmp(t, "translated_string") == 0) {
		if (ts_node_named_child_count(n) > 0)
			wb_string(a, sh, b, ts_node_named_child(n, 0));
	} else if (strcmp(t, "raw_string") == 0) {
		if (len >= 2)
			wb_lit(b, s + 1, len - 2);
	} else if (strcmp(t, "ansi_c_string") == 0) {
		if (len >= 3)
			wb_ansi_c(b, s + 2, len - 3);
	} else if (strcmp(t, "brace_expression") == 0 || strcmp(t, "extglob_pattern") == 0) {
		wb_end_prefix(b);
		b->glob = true;
		wb_lit(b, s, len);
	} else if (strcmp(t, "command_substitution") == 0 ||
		   strcmp(t, "process_substitution") == 0) {
		analyse_subst(a, n, sh);
		wb_dyn(b, s, len);
	} else {
		/* expansions, arithmetic, anything unexpected: run-time values */
		struct sh sub = *sh;

		scan(a, n, &sub);
		wb_dyn(b, s, len);
	}
}

/* Evaluate the word at node n (analysing the substitutions inside it once). */
static struct word *word_eval(struct an *a, const struct sh *sh, TSNode n)
{
	struct word *w = ar_alloc(&a->ar, sizeof(*w));
	struct wb b = { .sb = STRBUF_INIT, .first = true };

	wb_node(a, sh, &b, n);
	w->len = b.sb.len;
	w->lit = ar_own(&a->ar, sb_detach(&b.sb));
	w->prefix_len = b.prefix_done ? b.prefix_len : w->len;
	w->dynamic = b.dynamic;
	w->glob = b.glob;
	w->pipe = n_is(n, "process_substitution");
	w->start = n_start(n);
	w->end = n_end(n);
	return w;
}

/* The part of w from byte off on (an option's attached value). */
static struct word *word_tail(struct an *a, const struct word *w, size_t off)
{
	struct word *t = ar_alloc(&a->ar, sizeof(*t));

	*t = *w;
	if (off > w->len)
		off = w->len;
	t->lit = w->lit + off;
	t->len = w->len - off;
	t->prefix_len = w->prefix_len > off ? w->prefix_len - off : 0;
	/* a run-time part before off does not make the tail run-time */
	if (w->prefix_len >= w->len)
		t->prefix_len = t->len;
	return t;
}

/* A synthetic run-time operand (xargs input, {} of find). */
static struct word *word_unknown(struct an *a, const char *text, uint32_t start, uint32_t end)
{
	struct word *w = ar_alloc(&a->ar, sizeof(*w));

	w->lit = ar_strdup(&a->ar, text);
	w->len = strlen(text);
	w->prefix_len = 0;
	w->dynamic = true;
	w->start = start;
	w->end = end;
	return w;
}

/* ---- program options ----------------------------------------------------- */

/* How a program reads its options (getopt_long conventions unless said). */
struct ospec {
	const char *sarg;          /* short options that take an argument */
	const char *sopt;          /* short options with an optional attached argument */
	const char *const *larg;   /* long options (no "--") that take an argument */
	bool posix;                /* options end at the first operand (wrappers) */
	bool numeric;              /* -NUM is an option (head -5, nice -10) */
	bool bsd_empty;            /* an sopt option takes a following '' (BSD sed -i '') */
	bool single_dash_long;     /* -name style long options are not used; unused */
};

struct opt {
	char s;                    /* short name, or 0 for a long option */
	const char *l;             /* long name (no "--", no "=value") */
	const struct word *val;    /* the argument, or NULL */
	const struct word *w;      /* the word it came from */
};

struct parsed {
	struct opt *o;
	size_t no;
	struct word **ops;         /* operands, in order */
	size_t nops;
};

static bool in_list(const char *const *list, const char *s, size_t n)
{
	for (; list && *list; list++)
		if (strlen(*list) == n && strncmp(*list, s, n) == 0)
			return true;
	return false;
}

static void push_opt(struct an *a, struct parsed *p, char s, const char *l, const struct word *val,
		     const struct word *w)
{
	if (p->no % 8 == 0) {
		struct opt *n = ar_alloc(&a->ar, (p->no + 8) * sizeof(*n));
		if (p->no)
			memcpy(n, p->o, p->no * sizeof(*n));
		p->o = n;
	}
	p->o[p->no++] = (struct opt){ .s = s, .l = l, .val = val, .w = w };
}

static void push_op(struct an *a, struct parsed *p, struct word *w)
{
	if (p->nops % 8 == 0) {
		struct word **n = ar_alloc(&a->ar, (p->nops + 8) * sizeof(*n));
		if (p->nops)
			memcpy(n, p->ops, p->nops * sizeof(*n));
		p->ops = n;
	}
	p->ops[p->nops++] = w;
}

/* Split argv (operands and options, program name excluded) the way the
 * program's getopt would. A word that is wholly run-time is an operand;
 * one whose literal start is an option is parsed from that start. */
static void parse_opts(struct an *a, const struct ospec *sp, struct word **argv, size_t argc,
		       struct parsed *p)
{
	size_t i = 0;

	memset(p, 0, sizeof(*p));
	for (; i < argc; i++) {
		struct word *w = argv[i];
		const char *s = w->lit;
		size_t known = w->dynamic ? w->prefix_len : w->len;

		if (known < 2 || s[0] != '-') {
			push_op(a, p, w);
			if (sp->posix) {
				i++;
				break;
			}
			continue;
		}
		if (known == 2 && s[1] == '-' && w->len == 2) {
			i++;
			break;
		}
		if (s[1] == '-') {
			const char *eq = memchr(s + 2, '=', known - 2);
			size_t nl = eq ? (size_t)(eq - s - 2) : known - 2;
			const char *name = ar_strndup(&a->ar, s + 2, nl);

			if (eq) {
				push_opt(a, p, 0, name, word_tail(a, w, (size_t)(eq - s) + 1), w);
			} else if (!w->dynamic && in_list(sp->larg, s + 2, nl) && i + 1 < argc) {
				push_opt(a, p, 0, name, argv[i + 1], w);
				i++;
			} else {
				push_opt(a, p, 0, name, NULL, w);
			}
			continue;
		}
		if (sp->numeric) {
			size_t j = 1;
			while (j < known && s[j] >= '0' && s[j] <= '9')
				j++;
			if (j == w->len) {
				push_opt(a, p, '#', NULL, word_tail(a, w, 1), w);
				continue;
			}
		}
		for (size_t j = 1; j < known; j++) {
			char c = s[j];

			if (sp->sarg && strchr(sp->sarg, c)) {
				if (j + 1 < w->len) {
					push_opt(a, p, c, NULL, word_tail(a, w, j + 1), w);
				} else if (i + 1 < argc) {
					push_opt(a, p, c, NULL, argv[i + 1], w);
					i++;
				} else {
					push_opt(a, p, c, NULL, NULL, w);
				}
				break;
			}
			if (sp->sopt && strchr(sp->sopt, c)) {
				if (j + 1 < w->len) {
					push_opt(a, p, c, NULL, word_tail(a, w, j + 1), w);
				} else if (sp->bsd_empty && i + 1 < argc && argv[i + 1]->len == 0 &&
					   w_literal(argv[i + 1])) {
					push_opt(a, p, c, NULL, argv[i + 1], w);
					i++;
				} else {
					push_opt(a, p, c, NULL, NULL, w);
				}
				break;
			}
			push_opt(a, p, c, NULL, NULL, w);
		}
	}
	for (; i < argc; i++)
		push_op(a, p, argv[i]);
}

static bool has_opt(const struct parsed *p, char s, const char *l)
{
	for (size_t i = 0; i < p->no; i++)
		if ((s && p->o[i].s == s) || (l && p->o[i].l && strcmp(p->o[i].l, l) == 0))
			return true;
	return false;
}

/* The last value of option s / --l, or NULL. */
static const struct word *opt_val(const struct parsed *p, char s, const char *l)
{
	const struct word *v = NULL;

	for (size_t i = 0; i < p->no; i++)
		if ((s && p->o[i].s == s) || (l && p->o[i].l && strcmp(p->o[i].l, l) == 0))
			v = p->o[i].val ? p->o[i].val : v;
	return v;
}

static bool opt_is(const struct opt *o, char s, const char *l)
{
	return (s && o->s == s) || (l && o->l && strcmp(o->l, l) == 0);
}

/* ---- PATH ---------------------------------------------------------------- */

/* Look name up through PATH as the shell would: the first element holding
 * an executable regular file; an empty element is the working directory.
 * Returns the path, or NULL with *unknown set when an element whose value
 * is not known comes first (or PATH itself is not known), or NULL when
 * nothing matches. */
static const char *path_lookup(struct an *a, const struct sh *sh, const char *cwd,
			       const char *name, bool *unknown)
{
	const char *p = sh->path;

	*unknown = false;
	if (!p) {
		*unknown = true;
		return NULL;
	}
	for (;;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		const char *dir = NULL;

		if (n == 1 && p[0] == PATH_UNKNOWN_ELEM[0]) {
			*unknown = true;
			return NULL;
		}
		if (n == 0)
			dir = cwd;
		else
			dir = word_path(a, cwd, p, n);
		if (dir) {
			const char *cand = ar_own(&a->ar, path_join(dir, name));
			if (fs_executable(a, cand))
				return cand;
		}
		if (!colon)
			return NULL;
		p = colon + 1;
	}
}

/* The PATH an assignment's value sets, with elements whose value is not
 * known marked; `$PATH` / `${PATH}` splice in the current one. */
static const char *path_from_value(struct an *a, const struct sh *sh, TSNode v)
{
	struct strbuf sb = STRBUF_INIT;
	TSNode parts[64];
	uint32_t np = 0;

	if (n_is(v, "concatenation") || n_is(v, "string")) {
		uint32_t cnt = ts_node_named_child_count(v);
		if (cnt > 64)
			return NULL;
		for (uint32_t i = 0; i < cnt; i++)
			parts[np++] = ts_node_named_child(v, i);
	} else {
		parts[np++] = v;
	}
	for (uint32_t i = 0; i < np; i++) {
		TSNode c = parts[i];
		const char *txt = n_text(a, c);

		if (n_is(c, "word") || n_is(c, "string_content") || n_is(c, "raw_string") ||
		    n_is(c, "number")) {
			if (n_is(c, "raw_string"))
				sb_add(&sb, txt + 1, strlen(txt) - 2);
			else
				sb_adds(&sb, txt);
		} else if ((strcmp(txt, "$PATH") == 0 || strcmp(txt, "${PATH}") == 0) && sh->path) {
			sb_adds(&sb, sh->path);
		} else {
			sb_adds(&sb, PATH_UNKNOWN_ELEM);
		}
	}
	/* an unknown part glued to literal text makes that element unknown */
	char *s = sb_detach(&sb);
	struct strbuf out = STRBUF_INIT;
	char *save = NULL, *tok;
	bool first = true;
	for (char *q = s;; q = NULL) {
		tok = strtok_r(q, ":", &save);
		if (!tok)
			break;
		if (!first)
			sb_addc(&out, ':');
		first = false;
		sb_adds(&out, strchr(tok, PATH_UNKNOWN_ELEM[0]) ? PATH_UNKNOWN_ELEM : tok);
	}
	free(s);
	return ar_own(&a->ar, sb_detach(&out));
}

/* ---- the program table (DESIGN.md section 11) ---------------------------- */

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

static void run_argv(struct an *a, struct inv *iv);

/* The words from argv[from] on, as one span (for effects about them). */
static void span_of(const struct inv *iv, size_t from, uint32_t *s, uint32_t *e)
{
	*s = iv->argv[from < iv->argc ? from : 0]->start;
	*e = iv->argv[iv->argc - 1]->end;
}

/* Index in argv of operand k of p (operands are argv pointers). */
static size_t argv_index(const struct inv *iv, const struct word *w)
{
	for (size_t i = 0; i < iv->argc; i++)
		if (iv->argv[i] == w)
			return i;
	return iv->argc;
}

/* execute on the program's binary: its slash spelling, else PATH. */
static void exec_effect(struct an *a, const struct inv *iv)
{
	const struct word *w0 = iv->argv[0];
	bool unknown;
	const char *p;

	if (iv->binpath) {
		emit_at(a, &iv->c, M_EXECUTE, iv->binpath, NULL, w0->start, w0->end);
		return;
	}
	p = path_lookup(a, iv->sh, iv->c.cwd ? iv->c.cwd : iv->sh->cwd, w0->lit, &unknown);
	if (p)
		emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
	else
		emit_at(a, &iv->c, M_EXECUTE, NULL, iv->c.cwd, w0->start, w0->end);
}

static void all_ops(struct an *a, const struct inv *iv, const struct parsed *p, enum mode m)
{
	for (size_t i = 0; i < p->nops; i++)
		if (!w_is(p->ops[i], "-"))
			emit(a, &iv->c, m, p->ops[i]);
}

static void h_rm(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++)
		emit(a, &iv->c, M_DELETE, p.ops[i]);
}

static void h_rmdir(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;
	bool parents;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	parents = has_opt(&p, 'p', "parents");
	for (size_t i = 0; i < p.nops; i++) {
		struct word *w = p.ops[i];
		size_t n = w->len;

		emit(a, &iv->c, M_DELETE, w);
		if (!parents || !w_path_known(w))
			continue;
		/* rmdir -p a/b/c also removes a/b and a */
		while (n > 0 && w->lit[n - 1] == '/')
			n--;
		for (;;) {
			while (n > 0 && w->lit[n - 1] != '/')
				n--;
			while (n > 0 && w->lit[n - 1] == '/')
				n--;
			if (n == 0)
				break;
			emit_at(a, &iv->c, M_DELETE, word_path(a, iv->c.cwd, w->lit, n), NULL,
				w->start, w->end);
		}
	}
}

static void h_mkdir(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "mode", NULL };
	static const struct ospec sp = { .sarg = "m", .larg = larg };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	all_ops(a, iv, &p, M_CREATE);
}

static void h_touch(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "date", "reference", "time", NULL };
	static const struct ospec sp = { .sarg = "drt", .larg = larg };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	all_ops(a, iv, &p, has_opt(&p, 'c', "no-create") ? M_WIFEX : M_CW);
}

static void h_truncate(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "reference", "size", NULL };
	static const struct ospec sp = { .sarg = "rs", .larg = larg };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	all_ops(a, iv, &p, has_opt(&p, 'c', "no-create") ? M_WIFEX : M_CW);
}

static void h_unlink(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++)
		emit(a, &iv->c, M_DELETE, p.ops[i]);
}

/* cp, mv, ln: sources and a target (GNU coreutils: -t DIR, -T, a last
 * operand that is an existing directory, more than two operands). */
enum copy_kind { COPY_CP, COPY_MV, COPY_LN };

static void copy_like(struct an *a, struct inv *iv, enum copy_kind k)
{
	static const char *const larg[] = { "suffix", "target-directory", "sparse",
					    "no-preserve", NULL };
	static const struct ospec sp = { .sarg = "St", .larg = larg };
	struct parsed p;
	const struct word *dir, *dst = NULL;
	size_t nsrc;
	enum mode tm;
	bool parents, force;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	dir = opt_val(&p, 't', "target-directory");
	parents = k == COPY_CP && has_opt(&p, 0, "parents");
	force = has_opt(&p, 'f', "force");
	tm = k == COPY_CP ? M_CW : k == COPY_MV ? M_MV : (force ? M_LNF : M_CREATE);
	nsrc = p.nops;
	if (!dir) {
		if (k == COPY_LN && p.nops == 1) {
			/* ln TARGET: a link of the same name in the working directory */
			struct word *here = word_unknown(a, ".", p.ops[0]->start, p.ops[0]->end);
			here->dynamic = false;
			here->prefix_len = here->len;
			dir = here;
		} else if (p.nops < 2) {
			return; /* the program refuses: missing operand */
		} else {
			nsrc = p.nops - 1;
			if (has_opt(&p, 'T', "no-target-directory") ||
			    (p.nops == 2 && !w_is_dir(a, &iv->c, p.ops[1])))
				dst = p.ops[1];
			else
				dir = p.ops[p.nops - 1];
		}
	}
	for (size_t i = 0; i < nsrc; i++) {
		const struct word *src = p.ops[i];

		if (k == COPY_CP)
			emit(a, &iv->c, M_READ, src);
		else if (k == COPY_MV)
			emit(a, &iv->c, M_DELETE, src);
		if (dst)
			emit(a, &iv->c, tm, dst);
		else
			emit_into(a, &iv->c, tm, dir, src, parents);
	}
}

static void h_cp(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_CP);
}

static void h_mv(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_MV);
}

static void h_ln(struct an *a, struct inv *iv)
{
	copy_like(a, iv, COPY_LN);
}

/* chmod MODE FILE..., chown OWNER FILE..., chgrp GROUP FILE...; with
 * --reference=RFILE every operand is a file. chmod's modes may look like
 * options (-w, -rwx): a dash word that is not made of chmod's own option
 * letters (c f v R) is the mode (GNU chmod does the same). */
static void h_chmod_like(struct an *a, struct inv *iv, bool is_chmod)
{
	bool have_first = false, opts_done = false;

	for (size_t i = 0; i < iv->argc - 1; i++) {
		struct word *w = iv->argv[i + 1];
		const char *s = w->lit;

		if (!opts_done && w_is(w, "--")) {
			opts_done = true;
			continue;
		}
		if (!opts_done && w_literal(w) && strncmp(s, "--", 2) == 0) {
			if (strcmp(s, "--reference") == 0 || strcmp(s, "--from") == 0) {
				if (strcmp(s, "--reference") == 0)
					have_first = true;
				i++;
			} else if (strncmp(s, "--reference=", 12) == 0) {
				have_first = true;
			}
			continue;
		}
		if (!opts_done && w_literal(w) && s[0] == '-' && s[1]) {
			if (!is_chmod || strspn(s + 1, "cfvRhHLP") == strlen(s + 1))
				continue;
			if (!have_first) {
				have_first = true; /* a mode such as -w */
				continue;
			}
		}
		if (!have_first) {
			have_first = true;
			continue;
		}
		emit(a, &iv->c, M_WRITE, w);
	}
}

static void h_chmod(struct an *a, struct inv *iv)
{
	h_chmod_like(a, iv, true);
}

static void h_chown(struct an *a, struct inv *iv)
{
	h_chmod_like(a, iv, false);
}

/* Past the delimited part of an s or y command that starts at s[i] (the
 * character after the delimiter): the index after the closing delimiter,
 * or n when the script ends first. A backslash escapes the next byte. */
static size_t sed_skip_delim(const char *s, size_t i, size_t n, char delim)
{
	while (i < n && s[i] != delim) {
		if (s[i] == '\\' && i + 1 < n)
			i++;
		i++;
	}
	return i < n ? i + 1 : n;
}

/* Whether a sed script can act beyond reading its input and writing
 * standard output: the commands w, W, r, R and e, the s flags w and e, and
 * any command this scanner does not know (GNU sed manual, "sed scripts").
 * s: the script text, n bytes. Conservative: a script it cannot follow
 * counts as acting. */
static bool sed_script_acts(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		char c = s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '!' || c == '{' ||
		    c == '}' || c == ',' || c == '$' || c == '+' || c == '~' ||
		    (c >= '0' && c <= '9')) {
			i++;
			continue;
		}
		if (c == '/' || c == '\\') {
			/* an address: /RE/ or \cREc, then the I and M modifiers */
			char d = c == '/' ? '/' : (i + 1 < n ? s[i + 1] : '\0');
			if (d == '\0' || d == '\n' || d == '\\')
				return true;
			i = sed_skip_delim(s, i + (c == '/' ? 1 : 2), n, d);
			while (i < n && (s[i] == 'I' || s[i] == 'M'))
				i++;
			continue;
		}
		if (c == '#' || c == ':' || c == 'b' || c == 't' || c == 'T' || c == 'v') {
			/* a comment runs to the end of the line; a label or a
			 * branch also ends at ';' (GNU: `:a;N;ba`) */
			while (i < n && s[i] != '\n' && (c == '#' || s[i] != ';'))
				i++;
			continue;
		}
		if (c == 'a' || c == 'i' || c == 'c') {
			/* text to the end of the line; a backslash-newline continues it */
			for (i++; i < n && s[i] != '\n'; i++)
				if (s[i] == '\\' && i + 1 < n)
					i++;
			continue;
		}
		if (c == 's' || c == 'y') {
			char d = i + 1 < n ? s[i + 1] : '\0';
			if (d == '\0' || d == '\n' || d == '\\')
				return true;
			i = sed_skip_delim(s, i + 2, n, d);
			i = sed_skip_delim(s, i, n, d);
			if (c == 'y')
				continue;
			for (; i < n && s[i] != ';' && s[i] != '\n' && s[i] != '}'; i++) {
				if (s[i] == 'w' || s[i] == 'e')
					return true;
				if (!strchr("gpiImM0123456789 \t", s[i]))
					return true;
			}
			continue;
		}
		if (strchr("=dDgGhHlnNpPqQxzF", c)) {
			i++;
			continue;
		}
		return true; /* w W r R e, or a command not known here */
	}
	return false;
}

/* A sed script word w that can write, read or run files (or is not known
 * until run time) is opaque, unless --sandbox makes sed refuse those. */
static void sed_check_script(struct an *a, struct inv *iv, const struct word *w, bool sandboxed)
{
	if (sandboxed)
		return;
	if (!w_literal(w) || sed_script_acts(w->lit, w->len))
		opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}

/* sed: -i[SUFFIX] edits in place (GNU: the suffix is attached; BSD: `-i ''`
 * is in place without a backup); the script is the first operand unless
 * -e or -f gave one. A SUFFIX with '*' names the backup with the file's
 * name in place of '*' (GNU sed manual, "-i"). */
static void h_sed(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "expression", "file", "line-length", NULL };
	static const struct ospec sp = { .sarg = "efl", .sopt = "i", .larg = larg,
					 .bsd_empty = true };
	struct parsed p;
	bool inplace = false, script = false, sandboxed;
	const struct word *suffix = NULL;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	sandboxed = has_opt(&p, 0, "sandbox");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (opt_is(o, 'i', "in-place")) {
			inplace = true;
			suffix = o->val;
		} else if (opt_is(o, 'e', "expression")) {
			script = true;
			if (o->val)
				sed_check_script(a, iv, o->val, sandboxed);
		} else if (opt_is(o, 'f', "file")) {
			script = true;
			if (o->val && !w_is(o->val, "-"))
				emit(a, &iv->c, M_READ, o->val);
			/* the file's commands are not known until it runs */
			if (o->val && !sandboxed)
				opaque(a, iv->sh, o->val->start, o->val->end, iv->c.prog);
		}
	}
	if (!script && p.nops > 0)
		sed_check_script(a, iv, p.ops[0], sandboxed);
	for (size_t i = script ? 0 : 1; i < p.nops; i++) {
		const struct word *f = p.ops[i];

		if (w_is(f, "-"))
			continue;
		emit(a, &iv->c, M_READ, f);
		if (!inplace)
			continue;
		emit(a, &iv->c, M_WRITE, f);
		if (!suffix || suffix->len == 0)
			continue;
		if (!w_path_known(f) || !w_literal(suffix)) {
			emit_at(a, &iv->c, M_CW, NULL, word_anchor(a, iv->c.cwd, f), f->start,
				f->end);
			continue;
		}
		struct strbuf b = STRBUF_INIT;
		const char *star = strchr(suffix->lit, '*');
		if (star) {
			const char *base = strrchr(f->lit, '/');
			base = base ? base + 1 : f->lit;
			for (const char *q = suffix->lit; *q; q++) {
				if (*q == '*')
					sb_adds(&b, base);
				else
					sb_addc(&b, *q);
			}
			if (!strchr(suffix->lit, '/')) {
				/* the backup stays next to the file */
				const char *slash = strrchr(f->lit, '/');
				struct strbuf full = STRBUF_INIT;
				if (slash)
					sb_add(&full, f->lit, (size_t)(slash - f->lit) + 1);
				sb_adds(&full, b.buf);
				sb_release(&b);
				b = full;
			}
		} else {
			sb_add(&b, f->lit, f->len);
			sb_adds(&b, suffix->lit);
		}
		char *bk = sb_detach(&b);
		emit_at(a, &iv->c, M_CW, word_path(a, iv->c.cwd, bk, strlen(bk)), iv->c.cwd,
			f->start, f->end);
		free(bk);
	}
}

/* grep, egrep, fgrep, rg: the pattern is never a path; -f FILE is read;
 * with no file operand grep -r and rg search the working directory. */
static void h_grep(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"regexp", "file", "max-count", "after-context", "before-context", "context",
		"devices", "directories", "include", "exclude", "exclude-from", "exclude-dir",
		"label", "binary-files", "group-separator", NULL };
	static const struct ospec sp = { .sarg = "efmABCdD", .larg = larg, .numeric = true };
	struct parsed p;
	bool pattern = false, recursive;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (opt_is(o, 'e', "regexp"))
			pattern = true;
		else if ((opt_is(o, 'f', "file") || opt_is(o, 0, "exclude-from")) && o->val) {
			if (opt_is(o, 'f', "file"))
				pattern = true;
			if (!w_is(o->val, "-"))
				emit(a, &iv->c, M_READ, o->val);
		}
	}
	recursive = has_opt(&p, 'r', "recursive") || has_opt(&p, 'R', "dereference-recursive");
	if (p.nops <= (pattern ? 0u : 1u)) {
		if (recursive && iv->c.cwd)
			emit_at(a, &iv->c, M_READ, iv->c.cwd, NULL, iv->argv[0]->start,
				iv->argv[0]->end);
		return;
	}
	for (size_t i = pattern ? 0 : 1; i < p.nops; i++)
		if (!w_is(p.ops[i], "-"))
			emit(a, &iv->c, M_READ, p.ops[i]);
}

static void h_rg(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"regexp", "file", "glob", "iglob", "type", "type-not", "type-add", "type-clear",
		"after-context", "before-context", "context", "max-count", "threads",
		"max-columns", "max-depth", "maxdepth", "max-filesize", "encoding", "color",
		"colors", "sort", "sortr", "path-separator", "pre", "pre-glob", "replace",
		"ignore-file", "context-separator", "field-match-separator",
		"field-context-separator", "dfa-size-limit", "regex-size-limit", "engine",
		"hostname-bin", "hyperlink-format", "generate", NULL };
	static const struct ospec sp = { .sarg = "ABCdEefgjMmrtT", .larg = larg };
	struct parsed p;
	bool pattern = false;
	bool list_only = false;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (opt_is(o, 'e', "regexp")) {
			pattern = true;
		} else if ((opt_is(o, 'f', "file") || opt_is(o, 0, "ignore-file")) && o->val) {
			if (opt_is(o, 'f', "file"))
				pattern = true;
			if (!w_is(o->val, "-"))
				emit(a, &iv->c, M_READ, o->val);
		} else if (opt_is(o, 0, "files") || opt_is(o, 0, "type-list")) {
			/* rg --files lists paths: no pattern operand */
			list_only = true;
		}
	}
	if (list_only)
		pattern = true;
	if (p.nops <= (pattern ? 0u : 1u)) {
		if (iv->c.cwd)
			emit_at(a, &iv->c, M_READ, iv->c.cwd, NULL, iv->argv[0]->start,
				iv->argv[0]->end);
		return;
	}
	for (size_t i = pattern ? 0 : 1; i < p.nops; i++)
		if (!w_is(p.ops[i], "-"))
			emit(a, &iv->c, M_READ, p.ops[i]);
}

/* cat, tac, head, tail, wc, less, more: read their file operands. */
static void h_cat(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	all_ops(a, iv, &p, M_READ);
}

static void h_head(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "lines", "bytes", NULL };
	static const struct ospec sp = { .sarg = "nc", .larg = larg, .numeric = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	all_ops(a, iv, &p, M_READ);
}

static void h_tail(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "lines", "bytes", "sleep-interval", "pid",
					    "max-unchanged-stats", NULL };
	static const struct ospec sp = { .sarg = "ncs", .larg = larg, .numeric = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *w = p.ops[i];
		/* obsolete `tail +5 FILE` */
		if (i == 0 && w_literal(w) && w->len > 1 && w->lit[0] == '+' &&
		    strspn(w->lit + 1, "0123456789") == w->len - 1)
			continue;
		if (!w_is(w, "-"))
			emit(a, &iv->c, M_READ, w);
	}
}

static void h_wc(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "files0-from", NULL };
	static const struct ospec sp = { .larg = larg };
	struct parsed p;
	const struct word *f;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	f = opt_val(&p, 0, "files0-from");
	if (f && !w_is(f, "-")) {
		emit(a, &iv->c, M_READ, f);
		emit_at(a, &iv->c, M_READ, NULL, iv->c.cwd, f->start, f->end);
	}
	all_ops(a, iv, &p, M_READ);
}

static void h_less(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "pattern", "tag", "log-file", "LOG-FILE",
					    "tabs", "window", "shift", "lesskey-file",
					    "prompt", "jump-target", "buffers",
					    "max-back-scroll", "max-forw-scroll", NULL };
	static const struct ospec sp = { .sarg = "bhjkoOpPtTxyz#", .larg = larg, .numeric = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (!o->val)
			continue;
		if (opt_is(o, 'o', "log-file") || opt_is(o, 'O', "LOG-FILE"))
			emit(a, &iv->c, M_CW, o->val);
		else if (opt_is(o, 'k', "lesskey-file"))
			emit(a, &iv->c, M_READ, o->val);
	}
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *w = p.ops[i];
		if (w_literal(w) && w->lit[0] == '+')
			continue; /* +COMMAND */
		if (!w_is(w, "-"))
			emit(a, &iv->c, M_READ, w);
	}
}

static void h_tee(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { 0 };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	/* tee creates a missing file and writes an existing one; with -a the
	 * file is appended to, which is a write as well */
	all_ops(a, iv, &p, M_CW);
}

/* dd: operands KEY=VALUE; if= is read, of= created or written. */
static void h_dd(struct an *a, struct inv *iv)
{
	for (size_t i = 1; i < iv->argc; i++) {
		struct word *w = iv->argv[i];

		if (w->prefix_len >= 3 && strncmp(w->lit, "if=", 3) == 0)
			emit(a, &iv->c, M_READ, word_tail(a, w, 3));
		else if (w->prefix_len >= 3 && strncmp(w->lit, "of=", 3) == 0)
			emit(a, &iv->c, M_CW, word_tail(a, w, 3));
	}
}

/* The last path component of a URL (curl -O, wget), "" when it has none;
 * NULL when the URL is not literal. */
static const char *url_basename(struct an *a, const struct word *u)
{
	const char *s, *e, *slash;

	if (!w_literal(u))
		return NULL;
	s = strstr(u->lit, "://");
	s = s ? s + 3 : u->lit;
	s = strchr(s, '/');
	if (!s)
		return "";
	e = s + strcspn(s, "?#");
	slash = s;
	for (const char *q = s; q < e; q++)
		if (*q == '/')
			slash = q;
	return ar_strndup(&a->ar, slash + 1, (size_t)(e - slash - 1));
}

/* A download named after the URL into directory dir (a known path, or
 * NULL: the working directory). */
static void emit_download(struct an *a, const struct inv *iv, const struct word *url,
			  const struct word *dirw, const char *dflt, enum mode m)
{
	const char *base = url_basename(a, url);
	const char *dir = iv->c.cwd;

	if (dirw) {
		dir = w_path_known(dirw) ? word_path(a, iv->c.cwd, dirw->lit, dirw->len) : NULL;
		if (!dir) {
			emit_at(a, &iv->c, m, NULL, word_anchor(a, iv->c.cwd, dirw), url->start,
				url->end);
			return;
		}
	}
	if (base && !*base)
		base = dflt;
	if (!base || !dir || strchr(base, '%')) {
		emit_at(a, &iv->c, m, NULL, dir, url->start, url->end);
		return;
	}
	emit_at(a, &iv->c, m, ar_own(&a->ar, path_join(dir, base)), NULL, url->start, url->end);
}

/* curl: -o/--output FILE, -O/--remote-name (the URL's last component),
 * --output-dir DIR; uploads, data and config files are read; cookie jars,
 * header dumps and traces are written (curl(1)). */
static void h_curl(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"output", "output-dir", "upload-file", "data", "data-ascii", "data-binary",
		"data-raw", "data-urlencode", "json", "form", "form-string", "config", "cookie",
		"cookie-jar", "dump-header", "url", "header", "user-agent", "request", "user",
		"proxy", "max-time", "connect-timeout", "retry", "retry-delay", "retry-max-time",
		"write-out", "referer", "cacert", "capath", "cert", "key", "cert-type",
		"key-type", "resolve", "limit-rate", "range", "continue-at", "proxy-user",
		"interface", "time-cond", "telnet-option", "quote", "ftp-port", "speed-time",
		"speed-limit", "max-filesize", "max-redirs", "connect-to", "netrc-file", "trace",
		"trace-ascii", "stderr", "unix-socket", "abstract-unix-socket", "oauth2-bearer",
		"aws-sigv4", "variable", "parallel-max", "dns-servers", "preproxy",
		"proxy-header", "noproxy", "socks5", "socks5-hostname", "pinnedpubkey",
		"ciphers", "tls-max", "local-port", "keepalive-time", "mail-from", "mail-rcpt",
		"pass", "etag-save", "etag-compare", "alt-svc", "hsts", "proto",
		"proto-redir", "proto-default", "request-target", "create-file-mode",
		"url-query", "expect100-timeout", NULL };
	static const struct ospec sp = { .sarg = "AbcCdDeEFHKmoPQrTtuUwxXyYz", .larg = larg };
	struct parsed p;
	const struct word *outdir;
	bool remote_all;
	size_t n_o = 0, n_O = 0;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	outdir = opt_val(&p, 0, "output-dir");
	remote_all = has_opt(&p, 0, "remote-name-all");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];
		const struct word *v = o->val;

		if (opt_is(o, 'O', "remote-name"))
			n_O++;
		if (!v)
			continue;
		if (opt_is(o, 'o', "output")) {
			n_o++;
			if (w_is(v, "-"))
				continue;
			if (outdir && v->lit[0] != '/')
				emit_into(a, &iv->c, M_CW, outdir, v, true);
			else
				emit(a, &iv->c, M_CW, v);
		} else if (opt_is(o, 'T', "upload-file") || opt_is(o, 'K', "config") ||
			   opt_is(o, 0, "netrc-file") || opt_is(o, 0, "etag-compare") ||
			   opt_is(o, 0, "cacert") || opt_is(o, 'E', "cert") ||
			   opt_is(o, 0, "key")) {
			if (!w_is(v, "-") && !w_is(v, "."))
				emit(a, &iv->c, M_READ, v);
		} else if (opt_is(o, 'c', "cookie-jar") || opt_is(o, 'D', "dump-header") ||
			   opt_is(o, 0, "trace") || opt_is(o, 0, "trace-ascii") ||
			   opt_is(o, 0, "stderr") || opt_is(o, 0, "etag-save") ||
			   opt_is(o, 0, "alt-svc") || opt_is(o, 0, "hsts")) {
			if (!w_is(v, "-") && !w_is(v, "%"))
				emit(a, &iv->c, M_CW, v);
		} else if (opt_is(o, 'b', "cookie")) {
			if (w_literal(v) && !strchr(v->lit, '=') && !w_is(v, "-"))
				emit(a, &iv->c, M_READ, v);
		} else if (opt_is(o, 'd', "data") || opt_is(o, 0, "data-ascii") ||
			   opt_is(o, 0, "data-binary") || opt_is(o, 0, "data-urlencode") ||
			   opt_is(o, 0, "json")) {
			/* @FILE (data-urlencode: [name]@FILE) reads FILE */
			const char *at = v->prefix_len ? memchr(v->lit, '@', v->prefix_len) : NULL;
			if (at && (at == v->lit || opt_is(o, 0, "data-urlencode")) &&
			    strcmp(at, "@-") != 0)
				emit(a, &iv->c, M_READ, word_tail(a, v, (size_t)(at - v->lit) + 1));
		} else if (opt_is(o, 'F', "form")) {
			/* name=@file or name=<file */
			const char *eq = memchr(v->lit, '=', v->prefix_len);
			if (eq && (eq[1] == '@' || eq[1] == '<')) {
				struct word *f = word_tail(a, v, (size_t)(eq - v->lit) + 2);
				const char *semi = memchr(f->lit, ';', f->len);
				if (semi && w_literal(f))
					f->len = f->prefix_len = (size_t)(semi - f->lit);
				if (!w_is(f, "-"))
					emit(a, &iv->c, M_READ, f);
			}
		}
	}
	/* -O applies to as many URLs as it was given for (--remote-name-all:
	 * every URL without an -o); each -o takes one URL */
	size_t url_k = 0;
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *u = p.ops[i];

		url_k++;
		if (url_k <= n_o)
			continue;
		if (remote_all || url_k <= n_o + n_O)
			emit_download(a, iv, u, outdir, NULL, M_CW);
	}
	for (size_t i = 0; i < p.no; i++)
		if (opt_is(&p.o[i], 0, "url") && p.o[i].val && (remote_all || n_O > n_o))
			emit_download(a, iv, p.o[i].val, outdir, NULL, M_CW);
}

/* wget: -O FILE, else each URL saved under its last component (index.html
 * for none) in -P DIR; a recursive fetch creates files it names itself. */
static void h_wget(struct an *a, struct inv *iv)
{
	static const char *const larg[] = {
		"output-document", "output-file", "append-output", "directory-prefix",
		"input-file", "tries", "timeout", "wait", "user-agent", "execute", "level",
		"accept", "reject", "domains", "include-directories", "exclude-directories",
		"base", "quota", "header", "post-data", "post-file", "body-data", "body-file",
		"user", "password", "http-user", "http-password", "load-cookies", "save-cookies",
		"ca-certificate", "certificate", "private-key", "limit-rate", "referer",
		"method", "default-page", "cut-dirs", "restrict-file-names", "regex-type",
		"accept-regex", "reject-regex", "dns-timeout", "connect-timeout", "read-timeout",
		"waitretry", "bind-address", "progress", "local-encoding", "remote-encoding",
		"secure-protocol", "ftp-user", "ftp-password", "proxy-user", "proxy-password",
		"backups", "config", "rejected-log", NULL };
	static const struct ospec sp = { .sarg = "OoaPitTwUelARDIXBQY", .sopt = "n", .larg = larg };
	struct parsed p;
	const struct word *doc, *dir;
	bool recursive;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	doc = opt_val(&p, 'O', "output-document");
	dir = opt_val(&p, 'P', "directory-prefix");
	recursive = has_opt(&p, 'r', "recursive") || has_opt(&p, 'm', "mirror") ||
		    has_opt(&p, 'p', "page-requisites") || has_opt(&p, 'x', "force-directories");
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];
		const struct word *v = o->val;

		if (!v || w_is(v, "-"))
			continue;
		if (opt_is(o, 'O', "output-document") || opt_is(o, 'o', "output-file") ||
		    opt_is(o, 'a', "append-output") || opt_is(o, 0, "save-cookies") ||
		    opt_is(o, 0, "rejected-log"))
			emit(a, &iv->c, M_CW, v);
		else if (opt_is(o, 'i', "input-file") || opt_is(o, 0, "post-file") ||
			 opt_is(o, 0, "body-file") || opt_is(o, 0, "load-cookies") ||
			 opt_is(o, 0, "config"))
			emit(a, &iv->c, M_READ, v);
	}
	if (doc)
		return;
	for (size_t i = 0; i < p.nops; i++) {
		const struct word *u = p.ops[i];

		if (recursive) {
			const char *d = iv->c.cwd;
			if (dir && w_path_known(dir))
				d = word_path(a, iv->c.cwd, dir->lit, dir->len);
			else if (dir)
				d = word_anchor(a, iv->c.cwd, dir);
			emit_at(a, &iv->c, M_CREATE, NULL, d, u->start, u->end);
		} else {
			emit_download(a, iv, u, dir, "index.html", M_CREATE);
		}
	}
}

/* find [-H|-L|-P] [-D x] [-Olevel] [START...] [EXPRESSION]: every start is
 * read; -delete deletes beneath each start; -exec and friends run code the
 * table does not follow (opaque); -fprint* write their file. */
static void h_find(struct an *a, struct inv *iv)
{
	static const char *const targ[] = {
		"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex",
		"-iregex", "-lname", "-ilname", "-type", "-xtype", "-size", "-mtime", "-mmin",
		"-atime", "-amin", "-ctime", "-cmin", "-newer", "-anewer", "-cnewer", "-perm",
		"-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum",
		"-samefile", "-printf", "-fstype", "-used", "-context", "-regextype", NULL };
	struct word **starts = ar_alloc(&a->ar, iv->argc * sizeof(*starts));
	size_t ns = 0, i = 1;

	while (i < iv->argc && w_literal(iv->argv[i])) {
		const char *s = iv->argv[i]->lit;
		if (strcmp(s, "-H") == 0 || strcmp(s, "-L") == 0 || strcmp(s, "-P") == 0 ||
		    strncmp(s, "-O", 2) == 0) {
			i++;
		} else if (strcmp(s, "-D") == 0) {
			i += 2;
		} else if (strcmp(s, "--") == 0) {
			i++;
			break;
		} else {
			break;
		}
	}
	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		if (w->len > 0 && (w->lit[0] == '-' || w_is(w, "(") || w_is(w, "!") ||
				   w_is(w, ")") || w_is(w, ",")) && w->prefix_len > 0)
			break;
		starts[ns++] = iv->argv[i];
	}
	if (ns == 0) {
		struct word *dot = word_unknown(a, ".", iv->argv[0]->start, iv->argv[0]->end);
		dot->dynamic = false;
		dot->prefix_len = dot->len;
		starts[ns++] = dot;
	}
	for (size_t k = 0; k < ns; k++)
		emit(a, &iv->c, M_READ, starts[k]);
	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		const char *s = w->lit;

		if (!w_literal(w))
			continue;
		if (strcmp(s, "-delete") == 0) {
			for (size_t k = 0; k < ns; k++)
				emit(a, &iv->c, M_DELETE, starts[k]);
		} else if (strcmp(s, "-exec") == 0 || strcmp(s, "-execdir") == 0 ||
			   strcmp(s, "-ok") == 0 || strcmp(s, "-okdir") == 0) {
			size_t j = i + 1;
			while (j < iv->argc && !w_is(iv->argv[j], ";") &&
			       !(w_is(iv->argv[j], "+") && w_is(iv->argv[j - 1], "{}")))
				j++;
			opaque(a, iv->sh, w->start, iv->argv[j < iv->argc ? j : iv->argc - 1]->end,
			       iv->c.prog);
			i = j;
		} else if ((strcmp(s, "-fprint") == 0 || strcmp(s, "-fprint0") == 0 ||
			    strcmp(s, "-fls") == 0 || strcmp(s, "-fprintf") == 0) &&
			   i + 1 < iv->argc) {
			emit(a, &iv->c, M_CW, iv->argv[i + 1]);
			i += strcmp(s, "-fprintf") == 0 ? 2 : 1;
		} else if (strcmp(s, "-files0-from") == 0 && i + 1 < iv->argc) {
			emit(a, &iv->c, M_READ, iv->argv[i + 1]);
			i++;
		} else if (in_list(targ, s, w->len) ||
			   (strncmp(s, "-newer", 6) == 0 && w->len == 8)) {
			i++;
		}
	}
}

/* ---- wrappers: lead to the real program --------------------------------- */

enum { RR_SHELL = 1, RR_NOFN = 2, RR_BUILTIN = 4 };

static void run_argv_flags(struct an *a, struct inv *iv, unsigned flags);

/* Run operand k of p (and what follows) as the wrapped command. */
static void run_op(struct an *a, const struct inv *iv, const struct parsed *p, size_t k,
		   const char *cwd, unsigned flags, struct sh *sh)
{
	struct inv sub = *iv;
	size_t from;

	if (k >= p->nops)
		return;
	from = argv_index(iv, p->ops[k]);
	if (from >= iv->argc)
		return;
	if (iv->wrap + 1 >= MAX_WRAP) {
		uint32_t s, e;
		span_of(iv, from, &s, &e);
		opaque(a, iv->sh, s, e, iv->c.prog);
		a->out->complete = false;
		return;
	}
	sub.sh = sh ? sh : iv->sh;
	sub.argv = iv->argv + from;
	sub.argc = iv->argc - from;
	sub.c.cwd = cwd;
	sub.in_shell = (flags & RR_SHELL) != 0;
	sub.wrap = iv->wrap + 1;
	sub.binpath = NULL;
	run_argv_flags(a, &sub, flags);
}

/* The working directory named by a -D / -C / --chdir value. */
static const char *dir_of(struct an *a, const char *cwd, const struct word *w)
{
	if (!w || !w_path_known(w))
		return NULL;
	return word_path(a, cwd, w->lit, w->len);
}

static bool is_assignment(const struct word *w)
{
	size_t i = 0;

	if (!w->prefix_len || !(w->lit[0] == '_' || (w->lit[0] >= 'A' && w->lit[0] <= 'Z') ||
				(w->lit[0] >= 'a' && w->lit[0] <= 'z')))
		return false;
	while (i < w->prefix_len && (w->lit[i] == '_' || (w->lit[i] >= 'A' && w->lit[i] <= 'Z') ||
				     (w->lit[i] >= 'a' && w->lit[i] <= 'z') ||
				     (w->lit[i] >= '0' && w->lit[i] <= '9')))
		i++;
	return i < w->prefix_len && w->lit[i] == '=';
}

/* sudo(8): options end at the first operand; VAR=value operands come
 * before the command; -e/sudoedit edits files; -s/-i without a command
 * start an interactive shell; -D sets the command's directory, -i the
 * target user's home; -R chroots (nothing is known any more). */
static void h_sudo(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "close-from", "chdir", "group", "host", "prompt",
					    "chroot", "role", "type", "command-timeout",
					    "other-user", "user", NULL };
	static const struct ospec sp = { .sarg = "CDghpRrtTUu", .larg = larg, .posix = true };
	struct parsed p;
	size_t k = 0;
	const char *cwd = iv->c.cwd;
	uint32_t s, e;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (has_opt(&p, 'e', "edit") || strcmp(iv->c.prog, "sudoedit") == 0) {
		all_ops(a, iv, &p, M_CW);
		return;
	}
	span_of(iv, 0, &s, &e);
	if (has_opt(&p, 'R', "chroot")) {
		opaque(a, iv->sh, s, e, iv->c.prog);
		return;
	}
	while (k < p.nops && is_assignment(p.ops[k]))
		k++;
	if (k >= p.nops) {
		if (has_opt(&p, 's', "shell") || has_opt(&p, 'i', "login"))
			opaque(a, iv->sh, s, e, iv->c.prog);
		return;
	}
	if (has_opt(&p, 'i', "login"))
		cwd = NULL;
	if (has_opt(&p, 'D', "chdir"))
		cwd = dir_of(a, iv->c.cwd, opt_val(&p, 'D', "chdir"));
	run_op(a, iv, &p, k, cwd, 0, NULL);
}

static void h_doas(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "uC", .posix = true };
	struct parsed p;
	uint32_t s, e;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (has_opt(&p, 'C', NULL))
		return;
	if (p.nops == 0) {
		if (has_opt(&p, 's', NULL)) {
			span_of(iv, 0, &s, &e);
			opaque(a, iv->sh, s, e, iv->c.prog);
		}
		return;
	}
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* env(1): -i empties the environment (PATH then is the C library's
 * default, confstr(_CS_PATH) = /bin:/usr/bin), -u drops a variable, -C
 * changes directory, NAME=VALUE sets one; -S splits a string into
 * arguments, which the table does not follow (an unresolved program). */
static void h_env(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "unset", "chdir", "split-string", NULL };
	static const struct ospec sp = { .sarg = "uCS", .larg = larg, .posix = true };
	struct parsed p;
	struct sh *sub = ar_alloc(&a->ar, sizeof(*sub));
	size_t k = 0;
	const char *cwd = iv->c.cwd;
	const struct word *split;

	*sub = *iv->sh;
	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	split = opt_val(&p, 'S', "split-string");
	if (split) {
		emit_at(a, &iv->c, M_EXECUTE, NULL, cwd, split->start, split->end);
		return;
	}
	if (has_opt(&p, 'i', "ignore-environment"))
		sub->path = "/bin:/usr/bin";
	for (size_t i = 0; i < p.no; i++)
		if (opt_is(&p.o[i], 'u', "unset") && p.o[i].val && w_is(p.o[i].val, "PATH"))
			sub->path = "/bin:/usr/bin";
	if (has_opt(&p, 'C', "chdir"))
		cwd = dir_of(a, iv->c.cwd, opt_val(&p, 'C', "chdir"));
	if (k < p.nops && w_is(p.ops[k], "-")) {
		sub->path = "/bin:/usr/bin";
		k++;
	}
	for (; k < p.nops && is_assignment(p.ops[k]); k++) {
		const struct word *w = p.ops[k];
		if (strncmp(w->lit, "PATH=", 5) == 0)
			sub->path = w_literal(w) ? w->lit + 5 : PATH_UNKNOWN_ELEM;
	}
	run_op(a, iv, &p, k, cwd, 0, sub);
}

static void h_nice(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "adjustment", NULL };
	static const struct ospec sp = { .sarg = "n", .larg = larg, .posix = true,
					 .numeric = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

static void h_nohup(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* timeout [OPTION] DURATION COMMAND [ARG]... */
static void h_timeout(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "kill-after", "signal", NULL };
	static const struct ospec sp = { .sarg = "ks", .larg = larg, .posix = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 1, iv->c.cwd, 0, NULL);
}

static void h_stdbuf(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "input", "output", "error", NULL };
	static const struct ospec sp = { .sarg = "ioe", .larg = larg, .posix = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, 0, NULL);
}

/* `time` (the bash keyword, -p) and GNU time(1) (-o FILE writes). */
static void h_time(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "format", "output", NULL };
	static const struct ospec sp = { .sarg = "fo", .larg = larg, .posix = true };
	struct parsed p;
	const struct word *o;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	o = opt_val(&p, 'o', "output");
	if (o)
		emit(a, &iv->c, M_CW, o);
	run_op(a, iv, &p, 0, iv->c.cwd, iv->in_shell ? RR_SHELL : 0, NULL);
}

/* command [-p] [-v|-V] NAME: -v and -V only describe NAME; -p searches
 * a default PATH; shell functions are bypassed. */
static void h_command(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;
	struct sh *sub = iv->sh;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	if (has_opt(&p, 'v', NULL) || has_opt(&p, 'V', NULL))
		return;
	if (has_opt(&p, 'p', NULL)) {
		/* -p keeps cd effective in this shell: same state, other PATH */
		struct sh tmp = *iv->sh;
		const char *saved = iv->sh->path;
		tmp.path = "/usr/bin:/bin";
		iv->sh->path = tmp.path;
		run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN, sub);
		iv->sh->path = saved;
		return;
	}
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN, sub);
}

static void h_builtin(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL | RR_NOFN | RR_BUILTIN, NULL);
}

static void h_exec(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .sarg = "a", .posix = true };
	struct parsed p;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_NOFN, NULL);
}

static void h_coproc(struct an *a, struct inv *iv)
{
	static const struct ospec sp = { .posix = true };
	struct parsed p;
	struct sh *sub = ar_alloc(&a->ar, sizeof(*sub));

	*sub = *iv->sh;
	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	run_op(a, iv, &p, 0, iv->c.cwd, RR_SHELL, sub);
}

/* xargs(1): the command gets operands read from standard input - one more
 * run-time operand, or the -I/-i replacement string inside its words. */
static void h_xargs(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "arg-file", "delimiter", "max-lines", "max-args",
					    "max-procs", "max-chars", "process-slot-var", NULL };
	static const struct ospec sp = { .sarg = "adEILnPs", .sopt = "eil", .larg = larg,
					 .posix = true };
	struct parsed p;
	const char *repl = NULL;
	struct inv sub = *iv;
	size_t from, n;

	parse_opts(a, &sp, iv->argv + 1, iv->argc - 1, &p);
	for (size_t i = 0; i < p.no; i++) {
		const struct opt *o = &p.o[i];

		if (opt_is(o, 'a', "arg-file") && o->val && !w_is(o->val, "-"))
			emit(a, &iv->c, M_READ, o->val);
		if (opt_is(o, 'I', NULL) && o->val)
			repl = o->val->lit;
		if (opt_is(o, 'i', "replace"))
			repl = o->val && o->val->len ? o->val->lit : "{}";
	}
	if (p.nops == 0)
		return; /* echo */
	from = argv_index(iv, p.ops[0]);
	n = iv->argc - from;
	sub.argv = ar_alloc(&a->ar, (n + 1) * sizeof(*sub.argv));
	for (size_t i = 0; i < n; i++) {
		struct word *w = iv->argv[from + i];
		const char *at = repl && *repl ? strstr(w->lit, repl) : NULL;

		if (at && i > 0) {
			struct word *d = ar_alloc(&a->ar, sizeof(*d));
			*d = *w;
			d->dynamic = true;
			if ((size_t)(at - w->lit) < d->prefix_len)
				d->prefix_len = (size_t)(at - w->lit);
			w = d;
		}
		sub.argv[i] = w;
	}
	sub.argc = n;
	if (!repl)
		sub.argv[sub.argc++] = word_unknown(a, "(standard input)", iv->argv[0]->start,
						    iv->argv[0]->end);
	sub.in_shell = false;
	sub.wrap = iv->wrap + 1;
	sub.binpath = NULL;
	if (sub.wrap >= MAX_WRAP)
		return;
	run_argv_flags(a, &sub, 0);
}

/* A program that runs another one with options the table does not model
 * (strace, chroot, watch...): execute on it, and the wrapped command is an
 * unresolved execute - its own effects are not followed. */
static void h_unknown_wrapper(struct an *a, struct inv *iv)
{
	uint32_t s, e;
	size_t i = 1;

	exec_effect(a, iv);
	while (i < iv->argc && iv->argv[i]->len > 0 && iv->argv[i]->lit[0] == '-')
		i++;
	if (i >= iv->argc)
		return;
	span_of(iv, i, &s, &e);
	emit_at(a, &iv->c, M_EXECUTE, NULL, iv->c.cwd, s, e);
}

/* ---- shells and interpreters -------------------------------------------- */

static void report_errors(struct an *a, TSNode root, const struct sh *sh);

/* Analyse the literal string w as a shell line (bash -c, trap). */
static void analyse_string(struct an *a, const struct sh *sh, const struct word *w,
			   const char *prog)
{
	const char *saved_src = a->src;
	bool saved_fixed = a->fixed;
	uint32_t sfs = a->fs, sfe = a->fe;
	struct sh sub = { .cwd = sh->cwd, .path = sh->path, .fns = NULL };
	TSTree *t;

	if (a->nest >= MAX_NEST) {
		opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
	t = ts_parser_parse_string(a->parser, NULL, w->lit, (uint32_t)w->len);
	if (!t) {
		ts_parser_reset(a->parser);
		opaque(a, sh, w->start, w->end, prog);
		a->out->complete = false;
		return;
	}
	a->src = w->lit;
	if (!a->fixed) {
		a->fixed = true;
		a->fs = w->start;
		a->fe = w->end;
	}
	a->nest++;
	report_errors(a, ts_tree_root_node(t), &sub);
	walk(a, ts_tree_root_node(t), &sub);
	a->nest--;
	a->src = saved_src;
	a->fixed = saved_fixed;
	a->fs = sfs;
	a->fe = sfe;
	ts_tree_delete(t);
}

/* sh, bash, dash, zsh, ksh: -c STRING runs STRING (analysed when literal
 * and the shell speaks POSIX sh), a file operand is a script (execute the
 * shell, read the script), no operand or -s reads code from standard
 * input (opaque). Option arguments: -o/+o/-O/+O NAME, --rcfile FILE. */
static void shell_like(struct an *a, struct inv *iv, bool posix_syntax)
{
	bool cmd = false, in = false;
	size_t i = 1;
	uint32_t s, e;

	for (; i < iv->argc; i++) {
		const struct word *w = iv->argv[i];
		const char *t = w->lit;
		bool takes = false;

		if (!w_literal(w) || w->len < 2 || (t[0] != '-' && t[0] != '+'))
			break;
		if (strcmp(t, "--") == 0) {
			i++;
			break;
		}
		if (strncmp(t, "--", 2) == 0) {
			if (strcmp(t, "--rcfile") == 0 || strcmp(t, "--init-file") == 0)
				i++;
			continue;
		}
		for (size_t j = 1; t[j]; j++) {
			if (t[j] == 'c')
				cmd = true;
			else if (t[j] == 's')
				in = true;
			else if (t[j] == 'o' || t[j] == 'O')
				takes = true;
		}
		if (takes)
			i++;
	}
	if (i < iv->argc && w_is(iv->argv[i], "-") && !cmd)
		in = true;
	span_of(iv, 0, &s, &e);
	if (cmd) {
		if (i >= iv->argc)
			return; /* the shell refuses: -c needs an argument */
		if (posix_syntax && w_path_known(iv->argv[i])) {
			analyse_string(a, iv->sh, iv->argv[i], iv->c.prog);
			return;
		}
		exec_effect(a, iv);
		opaque(a, iv->sh, iv->argv[i]->start, iv->argv[i]->end, iv->c.prog);
		return;
	}
	exec_effect(a, iv);
	if (in || i >= iv->argc)
		opaque(a, iv->sh, s, e, iv->c.prog);
	else
		emit(a, &iv->c, M_READ, iv->argv[i]);
}

static void h_sh(struct an *a, struct inv *iv)
{
	shell_like(a, iv, true);
}

static void h_othershell(struct an *a, struct inv *iv)
{
	shell_like(a, iv, false);
}

/* Command-line conventions of an interpreter. */
struct ispec {
	const char *code;          /* options whose argument is code (-c, -e) */
	const char *argnext;       /* options taking an argument, attached or next */
	const char *attached;      /* options whose argument can only be attached */
	const char *module;        /* options that run a module: execute only */
	char script_opt;           /* option naming the script (php -f) */
	const char *const *lcode;  /* long options whose argument is code */
	const char *const *larg;   /* long options taking the next word */
	const char *const *lread;  /* ... of which the value is a file read */
};

/* python -c CODE, node -e/-p CODE, perl -e CODE, ruby -e CODE, php -r CODE:
 * opaque; `python3 foo.py` needs execute on the interpreter and read on
 * foo.py (DESIGN.md section 2); no script (or "-") reads code from
 * standard input: opaque. */
static void interp(struct an *a, struct inv *iv, const struct ispec *is)
{
	size_t i = 1;
	uint32_t s, e;
	bool in = false;

	exec_effect(a, iv);
	span_of(iv, 0, &s, &e);
	for (; i < iv->argc; i++) {
		struct word *w = iv->argv[i];
		const char *t = w->lit;
		bool stop = false;

		if (!w_literal(w) || t[0] != '-')
			break;
		if (strcmp(t, "-") == 0) {
			in = true;
			break;
		}
		if (strcmp(t, "--") == 0) {
			i++;
			break;
		}
		if (t[1] == '-') {
			const char *eq = strchr(t, '=');
			size_t nl = eq ? (size_t)(eq - t - 2) : strlen(t + 2);

			if (in_list(is->lcode, t + 2, nl)) {
				opaque(a, iv->sh, w->start, eq || i + 1 >= iv->argc ? w->end :
				       iv->argv[i + 1]->end, iv->c.prog);
				return;
			}
			if (in_list(is->larg, t + 2, nl)) {
				const struct word *v = eq ? word_tail(a, w, (size_t)(eq - t) + 1) :
					i + 1 < iv->argc ? iv->argv[i + 1] : NULL;
				if (v && in_list(is->lread, t + 2, nl))
					emit(a, &iv->c, M_READ, v);
				if (!eq)
					i++;
			}
			continue;
		}
		for (size_t j = 1; t[j] && !stop; j++) {
			char c = t[j];
			const struct word *v = NULL;

			if (strchr(is->code, c)) {
				v = t[j + 1] ? w : i + 1 < iv->argc ? iv->argv[i + 1] : w;
				opaque(a, iv->sh, w->start, v->end, iv->c.prog);
				return;
			}
			if (is->module && strchr(is->module, c))
				return;
			if (is->script_opt && c == is->script_opt) {
				v = t[j + 1] ? word_tail(a, w, j + 1) :
				    i + 1 < iv->argc ? iv->argv[i + 1] : NULL;
				if (v)
					emit(a, &iv->c, M_READ, v);
				return;
			}
			if (strchr(is->argnext, c)) {
				if (!t[j + 1])
					i++;
				stop = true;
			} else if (strchr(is->attached, c)) {
				stop = true;
			}
		}
	}
	if (in || i >= iv->argc)
		opaque(a, iv->sh, s, e, iv->c.prog);
	else
		emit(a, &iv->c, M_READ, iv->argv[i]);
}

static void h_python(struct an *a, struct inv *iv)
{
	static const char *const larg[] = { "check-hash-based-pycs", NULL };
	static const struct ispec is = { .code = "c", .argnext = "WX", .attached = "",
					 .module = "m", .larg = larg };
	interp(a, iv, &is);
}

static void h_node(struct an *a, struct inv *iv)
{
	static const char *const lcode[] = { "eval", "print", NULL };
	static const char *const larg[] = { "require", "import", "loader", "experimental-loader",
					    "conditions", "title", "input-type", "inspect-port",
					    "env-file", "redirect-warnings", "icu-data-dir",
					    "openssl-config", NULL };
	static const char *const lread[] = { "env-file", NULL };
	static const struct ispec is = { .code = "ep", .argnext = "rC", .attached = "",
					 .lcode = lcode, .larg = larg, .lread = lread };
	interp(a, iv, &is);
}

static void h_perl(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "eE", .argnext = "I", .attached = "MmxilFCdDV0" };
	interp(a, iv, &is);
}

static void h_ruby(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "e", .argnext = "IrCE", .attached = "FixWKT0" };
	interp(a, iv, &is);
}

static void h_php(struct an *a, struct inv *iv)
{
	static const struct ispec is = { .code = "rBRFE", .argnext = "dctz", .attached = "",
					 .module = "S", .script_opt = 'f' };
	interp(a, iv, &is);
}

/* ---- builtins ------------------------------------------------------------ */

static void h_nothing(struct an *a, struct inv *iv)
{
	(void)a;
	(void)iv;
}

/* cd [-L|-P|-e|-@] [DIR]: a literal directory moves the line's working
 * directory for the commands after it; anything else makes it unknown. */
static void h_cd(struct an *a, struct inv *iv)
{
	size_t i = 1;
	const struct word *w;

	if (!iv->in_shell)
		return;
	while (i < iv->argc && w_literal(iv->argv[i]) && iv->argv[i]->len > 1 &&
	       iv->argv[i]->lit[0] == '-' && !w_is(iv->argv[i], "-")) {
		if (w_is(iv->argv[i], "--")) {
			i++;
			break;
		}
		i++;
	}
	if (i >= iv->argc) {
		iv->sh->cwd = a->o->home;
		return;
	}
	w = iv->argv[i];
	if (w_is(w, "-") || !w_path_known(w)) {
		iv->sh->cwd = NULL;
		return;
	}
	iv->sh->cwd = word_path(a, iv->sh->cwd, w->lit, w->len);
}

static void h_pushd(struct an *a, struct inv *iv)
{
	size_t i = 1;

	if (!iv->in_shell)
		return;
	while (i < iv->argc && w_is(iv->argv[i], "-n"))
		i++;
	if (i < iv->argc && w_path_known(iv->argv[i]) && iv->argv[i]->lit[0] != '+' &&
	    iv->argv[i]->lit[0] != '-') {
		iv->sh->cwd = word_path(a, iv->sh->cwd, iv->argv[i]->lit, iv->argv[i]->len);
		return;
	}
	iv->sh->cwd = NULL;
}

static void h_popd(struct an *a, struct inv *iv)
{
	(void)a;
	if (iv->in_shell)
		iv->sh->cwd = NULL;
}

/* Files that only set variables when sourced; anything else sourced is
 * code the table cannot see (opaque). */
static bool known_source(const char *home, const char *p)
{
	static const char *const ends[] = { "/bin/activate", "/.cargo/env", NULL };
	static const char *const exact[] = { "/etc/os-release", "/etc/lsb-release", NULL };
	size_t n = strlen(p);

	for (size_t i = 0; ends[i]; i++) {
		size_t m = strlen(ends[i]);
		if (n > m && strcmp(p + n - m, ends[i]) == 0)
			return true;
	}
	for (size_t i = 0; exact[i]; i++)
		if (strcmp(p, exact[i]) == 0)
			return true;
	(void)home;
	return false;
}

static void h_source(struct an *a, struct inv *iv)
{
	const struct word *w;
	const char *p;

	if (iv->argc < 2)
		return;
	w = iv->argv[1];
	emit(a, &iv->c, M_READ, w);
	p = w_path_known(w) ? word_path(a, iv->c.cwd, w->lit, w->len) : NULL;
	if (p && known_source(a->o->home, p))
		return;
	opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}

static void h_eval(struct an *a, struct inv *iv)
{
	uint32_t s, e;

	if (iv->argc < 2)
		return;
	span_of(iv, 1, &s, &e);
	opaque(a, iv->sh, s, e, iv->c.prog);
}

/* trap [-lp] [[ACTION] SIGNAL...]: a literal ACTION is shell code. */
static void h_trap(struct an *a, struct inv *iv)
{
	size_t i = 1;
	const struct word *w;

	if (i < iv->argc && (w_is(iv->argv[i], "-p") || w_is(iv->argv[i], "-l") ||
			     w_is(iv->argv[i], "-P")))
		return;
	if (i < iv->argc && w_is(iv->argv[i], "--"))
		i++;
	if (i + 1 >= iv->argc)
		return;
	w = iv->argv[i];
	if (w_is(w, "-") || w_is(w, ""))
		return;
	if (w_path_known(w))
		analyse_string(a, iv->sh, w, iv->c.prog);
	else
		opaque(a, iv->sh, w->start, w->end, iv->c.prog);
}

/* ---- dispatch ------------------------------------------------------------ */

#define P_BUILTIN 1u  /* a shell builtin: only in the shell itself */

static const struct prog {
	const char *name;
	void (*fn)(struct an *, struct inv *);
	unsigned flags;
} progs[] = {
	{ ".", h_source, P_BUILTIN },
	{ ":", h_nothing, P_BUILTIN },
	{ "[", h_nothing, P_BUILTIN },
	{ "alias", h_nothing, P_BUILTIN },
	{ "ash", h_sh, 0 },
	{ "bash", h_sh, 0 },
	{ "bg", h_nothing, P_BUILTIN },
	{ "bind", h_nothing, P_BUILTIN },
	{ "break", h_nothing, P_BUILTIN },
	{ "builtin", h_builtin, P_BUILTIN },
	{ "caffeinate", h_unknown_wrapper, 0 },
	{ "cat", h_cat, 0 },
	{ "catchsegv", h_unknown_wrapper, 0 },
	{ "cd", h_cd, P_BUILTIN },
	{ "chgrp", h_chown, 0 },
	{ "chmod", h_chmod, 0 },
	{ "chown", h_chown, 0 },
	{ "chroot", h_unknown_wrapper, 0 },
	{ "chrt", h_unknown_wrapper, 0 },
	{ "command", h_command, P_BUILTIN },
	{ "compgen", h_nothing, P_BUILTIN },
	{ "complete", h_nothing, P_BUILTIN },
	{ "compopt", h_nothing, P_BUILTIN },
	{ "continue", h_nothing, P_BUILTIN },
	{ "coproc", h_coproc, P_BUILTIN },
	{ "cp", h_cp, 0 },
	{ "csh", h_othershell, 0 },
	{ "curl", h_curl, 0 },
	{ "dash", h_sh, 0 },
	{ "dd", h_dd, 0 },
	{ "declare", h_nothing, P_BUILTIN },
	{ "dirs", h_nothing, P_BUILTIN },
	{ "disown", h_nothing, P_BUILTIN },
	{ "doas", h_doas, 0 },
	{ "echo", h_nothing, P_BUILTIN },
	{ "egrep", h_grep, 0 },
	{ "enable", h_nothing, P_BUILTIN },
	{ "env", h_env, 0 },
	{ "eval", h_eval, P_BUILTIN },
	{ "exec", h_exec, P_BUILTIN },
	{ "exit", h_nothing, P_BUILTIN },
	{ "export", h_nothing, P_BUILTIN },
	{ "fakeroot", h_unknown_wrapper, 0 },
	{ "faketime", h_unknown_wrapper, 0 },
	{ "false", h_nothing, P_BUILTIN },
	{ "fc", h_nothing, P_BUILTIN },
	{ "fg", h_nothing, P_BUILTIN },
	{ "fgrep", h_grep, 0 },
	{ "find", h_find, 0 },
	{ "firejail", h_unknown_wrapper, 0 },
	{ "fish", h_othershell, 0 },
	{ "flock", h_unknown_wrapper, 0 },
	{ "getopts", h_nothing, P_BUILTIN },
	{ "grep", h_grep, 0 },
	{ "hash", h_nothing, P_BUILTIN },
	{ "head", h_head, 0 },
	{ "help", h_nothing, P_BUILTIN },
	{ "history", h_nothing, P_BUILTIN },
	{ "ionice", h_unknown_wrapper, 0 },
	{ "jobs", h_nothing, P_BUILTIN },
	{ "kill", h_nothing, P_BUILTIN },
	{ "ksh", h_sh, 0 },
	{ "less", h_less, 0 },
	{ "let", h_nothing, P_BUILTIN },
	{ "ln", h_ln, 0 },
	{ "local", h_nothing, P_BUILTIN },
	{ "logout", h_nothing, P_BUILTIN },
	{ "ltrace", h_unknown_wrapper, 0 },
	{ "mapfile", h_nothing, P_BUILTIN },
	{ "mkdir", h_mkdir, 0 },
	{ "mksh", h_sh, 0 },
	{ "more", h_less, 0 },
	{ "mv", h_mv, 0 },
	{ "nice", h_nice, 0 },
	{ "node", h_node, 0 },
	{ "nodejs", h_node, 0 },
	{ "nohup", h_nohup, 0 },
	{ "nsenter", h_unknown_wrapper, 0 },
	{ "parallel", h_unknown_wrapper, 0 },
	{ "perl", h_perl, 0 },
	{ "php", h_php, 0 },
	{ "pkexec", h_unknown_wrapper, 0 },
	{ "popd", h_popd, P_BUILTIN },
	{ "printf", h_nothing, P_BUILTIN },
	{ "proxychains", h_unknown_wrapper, 0 },
	{ "proxychains4", h_unknown_wrapper, 0 },
	{ "pushd", h_pushd, P_BUILTIN },
	{ "pwd", h_nothing, P_BUILTIN },
	{ "read", h_nothing, P_BUILTIN },
	{ "readarray", h_nothing, P_BUILTIN },
	{ "readonly", h_nothing, P_BUILTIN },
	{ "return", h_nothing, P_BUILTIN },
	{ "rg", h_rg, 0 },
	{ "rlwrap", h_unknown_wrapper, 0 },
	{ "rm", h_rm, 0 },
	{ "rmdir", h_rmdir, 0 },
	{ "ruby", h_ruby, 0 },
	{ "runuser", h_unknown_wrapper, 0 },
	{ "script", h_unknown_wrapper, 0 },
	{ "sed", h_sed, 0 },
	{ "set", h_nothing, P_BUILTIN },
	{ "setsid", h_unknown_wrapper, 0 },
	{ "sh", h_sh, 0 },
	{ "shift", h_nothing, P_BUILTIN },
	{ "shopt", h_nothing, P_BUILTIN },
	{ "source", h_source, P_BUILTIN },
	{ "stdbuf", h_stdbuf, 0 },
	{ "strace", h_unknown_wrapper, 0 },
	{ "su", h_unknown_wrapper, 0 },
	{ "sudo", h_sudo, 0 },
	{ "sudoedit", h_sudo, 0 },
	{ "suspend", h_nothing, P_BUILTIN },
	{ "systemd-run", h_unknown_wrapper, 0 },
	{ "tac", h_cat, 0 },
	{ "tail", h_tail, 0 },
	{ "taskset", h_unknown_wrapper, 0 },
	{ "tcsh", h_othershell, 0 },
	{ "tee", h_tee, 0 },
	{ "test", h_nothing, P_BUILTIN },
	{ "time", h_time, 0 },
	{ "timeout", h_timeout, 0 },
	{ "times", h_nothing, P_BUILTIN },
	{ "torsocks", h_unknown_wrapper, 0 },
	{ "touch", h_touch, 0 },
	{ "trap", h_trap, P_BUILTIN },
	{ "true", h_nothing, P_BUILTIN },
	{ "truncate", h_truncate, 0 },
	{ "type", h_nothing, P_BUILTIN },
	{ "typeset", h_nothing, P_BUILTIN },
	{ "ulimit", h_nothing, P_BUILTIN },
	{ "umask", h_nothing, P_BUILTIN },
	{ "unalias", h_nothing, P_BUILTIN },
	{ "unbuffer", h_unknown_wrapper, 0 },
	{ "unlink", h_unlink, 0 },
	{ "unset", h_nothing, P_BUILTIN },
	{ "unshare", h_unknown_wrapper, 0 },
	{ "valgrind", h_unknown_wrapper, 0 },
	{ "wait", h_nothing, P_BUILTIN },
	{ "watch", h_unknown_wrapper, 0 },
	{ "wc", h_wc, 0 },
	{ "wget", h_wget, 0 },
	{ "xargs", h_xargs, 0 },
	{ "zsh", h_sh, 0 },
};

static int prog_cmp(const void *k, const void *e)
{
	return strcmp(k, ((const struct prog *)e)->name);
}

static const struct prog *find_prog(const char *name)
{
	return bsearch(name, progs, sizeof(progs) / sizeof(progs[0]), sizeof(progs[0]), prog_cmp);
}

/* python, python3, python3.12 */
static bool is_python(const char *name)
{
	if (strncmp(name, "python", 6) != 0)
		return false;
	return strspn(name + 6, "0123456789.") == strlen(name + 6);
}

static bool system_bin_dir(const char *d)
{
	static const char *const dirs[] = { "/bin", "/sbin", "/usr/bin", "/usr/sbin",
					    "/usr/local/bin", "/usr/local/sbin",
					    "/opt/homebrew/bin", NULL };

	for (size_t i = 0; dirs[i]; i++)
		if (strcmp(d, dirs[i]) == 0)
			return true;
	return false;
}

static bool fn_defined(const struct sh *sh, const char *name)
{
	for (const struct fn *f = sh->fns; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			return true;
	return false;
}

static void run_argv(struct an *a, struct inv *iv)
{
	run_argv_flags(a, iv, iv->in_shell ? RR_SHELL : 0);
}

static void run_argv_flags(struct an *a, struct inv *iv, unsigned flags)
{
	struct word *w0;
	const char *name, *slash;
	const struct prog *pr;

	if (iv->argc == 0)
		return;
	w0 = iv->argv[0];
	iv->in_shell = (flags & RR_SHELL) != 0;
	if (w0->pipe)
		return;
	if (!w_path_known(w0)) {
		/* the program itself is known only at run time */
		struct cmd c = { .prog = NULL, .cwd = iv->c.cwd };
		emit_at(a, &c, M_EXECUTE, NULL, word_anchor(a, iv->c.cwd, w0), w0->start, w0->end);
		return;
	}
	if (w0->len == 0)
		return;
	name = w0->lit;
	slash = strrchr(name, '/');
	iv->c.prog = slash ? slash + 1 : name;
	if (slash) {
		const char *p = word_path(a, iv->c.cwd, name, w0->len);
		char *dir = p ? path_dirname(p) : NULL;
		bool sys = dir && system_bin_dir(dir);

		free(dir);
		pr = find_prog(iv->c.prog);
		if (!p) {
			emit_at(a, &iv->c, M_EXECUTE, NULL, NULL, w0->start, w0->end);
			return;
		}
		if (sys && ((pr && !(pr->flags & P_BUILTIN)) || is_python(iv->c.prog))) {
			iv->binpath = p;
			if (pr)
				pr->fn(a, iv);
			else
				h_python(a, iv);
			return;
		}
		emit_at(a, &iv->c, M_EXECUTE, p, NULL, w0->start, w0->end);
		return;
	}
	if (iv->in_shell && !(flags & RR_NOFN) && fn_defined(iv->sh, name))
		return;
	pr = find_prog(name);
	if (flags & RR_BUILTIN) {
		if (pr && (pr->flags & P_BUILTIN))
			pr->fn(a, iv);
		return;
	}
	if (pr && (!(pr->flags & P_BUILTIN) || iv->in_shell)) {
		pr->fn(a, iv);
		return;
	}
	if (is_python(name)) {
		h_python(a, iv);
		return;
	}
	exec_effect(a, iv);
}

/* ---- statements ---------------------------------------------------------- */

static bool is_redirect(TSNode n)
{
	return n_is(n, "file_redirect") || n_is(n, "herestring_redirect") ||
	       n_is(n, "heredoc_redirect");
}

static bool is_statement(TSNode n)
{
	static const char *const types[] = {
		"redirected_statement", "variable_assignment", "variable_assignments", "command",
		"declaration_command", "unset_command", "test_command", "negated_command",
		"for_statement", "c_style_for_statement", "while_statement", "if_statement",
		"case_statement", "pipeline", "list", "subshell", "compound_statement",
		"function_definition", "do_group", "else_clause", "elif_clause", "case_item",
		"ERROR", NULL };
	const char *t = ts_node_type(n);

	for (size_t i = 0; types[i]; i++)
		if (strcmp(t, types[i]) == 0)
			return true;
	return false;
}

/* A growable list of nodes. */
struct nodes {
	TSNode *v;
	size_t n;
};

static void nodes_push(struct an *a, struct nodes *l, TSNode x)
{
	if (l->n % 16 == 0) {
		TSNode *nv = ar_alloc(&a->ar, (l->n + 16) * sizeof(*nv));
		if (l->n)
			memcpy(nv, l->v, l->n * sizeof(*nv));
		l->v = nv;
	}
	l->v[l->n++] = x;
}

/* The destination of a file redirection: its first named child that is
 * not the descriptor; the named children after it are swallowed words. */
static int redirect_dest(TSNode r, TSNode *dest)
{
	uint32_t cnt = ts_node_named_child_count(r);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(r, i);
		if (n_is(c, "file_descriptor"))
			continue;
		*dest = c;
		return (int)i;
	}
	return -1;
}

/* Gather the parts of redirection r: itself (for its own effect), the
 * words it swallowed (arguments of the command), and, for a here-document,
 * the redirections, pipeline and statements that follow it on the line. */
static void collect_redirect(struct an *a, TSNode r, struct nodes *redirs, struct nodes *words,
			     struct nodes *tails)
{
	uint32_t cnt = ts_node_named_child_count(r);

	nodes_push(a, redirs, r);
	if (n_is(r, "file_redirect")) {
		TSNode d;
		int k = redirect_dest(r, &d);
		if (k < 0)
			return;
		for (uint32_t i = (uint32_t)k + 1; i < cnt; i++)
			nodes_push(a, words, ts_node_named_child(r, i));
		return;
	}
	if (!n_is(r, "heredoc_redirect"))
		return;
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(r, i);

		if (n_is(c, "heredoc_start") || n_is(c, "heredoc_end") || n_is(c, "heredoc_body") ||
		    n_is(c, "file_descriptor"))
			continue;
		if (n_is(c, "file_redirect") || n_is(c, "herestring_redirect") ||
		    n_is(c, "heredoc_redirect"))
			collect_redirect(a, c, redirs, words, tails);
		else if (is_statement(c))
			nodes_push(a, tails, c);
		else
			nodes_push(a, words, c);
	}
}

/* The effect of one redirection (not of the words it swallowed). */
static void do_redirect(struct an *a, TSNode r, struct sh *sh, const struct cmd *c)
{
	uint32_t cnt = ts_node_child_count(r);
	const char *op = NULL;
	TSNode dest;

	if (n_is(r, "herestring_redirect")) {
		scan(a, r, sh);
		return;
	}
	if (n_is(r, "heredoc_redirect")) {
		for (uint32_t i = 0; i < ts_node_named_child_count(r); i++) {
			TSNode b = ts_node_named_child(r, i);
			if (n_is(b, "heredoc_body"))
				scan(a, b, sh);
		}
		return;
	}
	for (uint32_t i = 0; i < cnt; i++) {
		TSNode ch = ts_node_child(r, i);
		if (!ts_node_is_named(ch)) {
			op = ts_node_type(ch);
			break;
		}
	}
	if (!op || redirect_dest(r, &dest) < 0)
		return;
	if (n_is(dest, "ERROR"))
		return;
	struct word *w = word_eval(a, sh, dest);
	if (strcmp(op, "<") == 0) {
		emit(a, c, M_READ, w);
	} else if (strcmp(op, ">") == 0 || strcmp(op, ">>") == 0 || strcmp(op, ">|") == 0 ||
		   strcmp(op, "&>") == 0 || strcmp(op, "&>>") == 0) {
		emit(a, c, M_CW, w);
	} else if (strcmp(op, ">&") == 0) {
		/* >&N duplicates a descriptor; >&WORD sends both streams to WORD */
		if (w_literal(w) && (strspn(w->lit, "0123456789") == w->len || w_is(w, "-")))
			return;
		emit(a, c, M_CW, w);
	}
	/* <&N, N<&-, >&-: descriptors only */
}

static struct word **eval_words(struct an *a, struct sh *sh, const struct nodes *l)
{
	struct word **v = ar_alloc(&a->ar, (l->n + 1) * sizeof(*v));

	for (size_t i = 0; i < l->n; i++)
		v[i] = word_eval(a, sh, l->v[i]);
	return v;
}

/* A simple command. extra: words a redirection after it swallowed. */
static void handle_command(struct an *a, TSNode n, struct sh *sh, const struct nodes *extra,
			   const char **prog_out)
{
	uint32_t cnt = ts_node_named_child_count(n);
	struct nodes args = { 0 }, redirs = { 0 }, tails = { 0 };
	struct sh local = *sh;
	bool named = false;
	const char *cwd0 = sh->cwd;

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(n, i);

		if (n_is(c, "variable_assignment") && !named) {
			TSNode name = ts_node_named_child(c, 0);
			TSNode val = ts_node_named_child(c, 1);
			if (!ts_node_is_null(val))
				scan(a, val, sh);
			if (!ts_node_is_null(name) && !ts_node_is_null(val) &&
			    strcmp(n_text(a, name), "PATH") == 0)
				local.path = path_from_value(a, sh, val);
		} else if (is_redirect(c)) {
			struct nodes words = { 0 };
			collect_redirect(a, c, &redirs, &words, &tails);
			for (size_t k = 0; k < words.n; k++)
				nodes_push(a, &args, words.v[k]);
		} else if (n_is(c, "command_name")) {
			named = true;
			nodes_push(a, &args, c);
		} else if (n_is(c, "subshell")) {
			walk(a, c, sh);
		} else if (n_is(c, "comment")) {
			continue;
		} else if (named) {
			nodes_push(a, &args, c);
		} else {
			scan(a, c, sh);
		}
	}
	for (size_t k = 0; extra && k < extra->n; k++)
		nodes_push(a, &args, extra->v[k]);

	struct inv iv = { .sh = &local, .c = { .prog = NULL, .cwd = sh->cwd }, .in_shell = true };
	if (named) {
		iv.argv = eval_words(a, sh, &args);
		iv.argc = args.n;
	}
	struct cmd rc = { .prog = NULL, .cwd = cwd0 };
	if (named && w_path_known(iv.argv[0])) {
		const char *slash = strrchr(iv.argv[0]->lit, '/');
		rc.prog = slash ? slash + 1 : iv.argv[0]->lit;
	}
	for (size_t k = 0; k < redirs.n; k++)
		do_redirect(a, redirs.v[k], sh, &rc);
	if (named)
		run_argv(a, &iv);
	/* cd moved the shell; a PATH= prefix applies to this command only */
	sh->cwd = local.cwd;
	for (size_t k = 0; k < tails.n; k++)
		walk(a, tails.v[k], sh);
	if (prog_out)
		*prog_out = rc.prog;
}

static void handle_redirected(struct an *a, TSNode n, struct sh *sh)
{
	uint32_t cnt = ts_node_named_child_count(n);
	struct nodes redirs = { 0 }, words = { 0 }, tails = { 0 };
	TSNode body = { 0 };
	bool have_body = false;
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(n, i);

		if (is_redirect(c)) {
			collect_redirect(a, c, &redirs, &words, &tails);
		} else if (!have_body && is_statement(c)) {
			body = c;
			have_body = true;
		} else if (!n_is(c, "comment")) {
			nodes_push(a, &words, c);
		}
	}
	if (have_body && n_is(body, "command")) {
		/* the body's own words come first, then the swallowed ones */
		handle_command(a, body, sh, &words, &rc.prog);
		for (size_t k = 0; k < redirs.n; k++)
			do_redirect(a, redirs.v[k], sh, &rc);
	} else {
		/* `> f` alone, or a compound body: bash rejects swallowed words
		 * after a compound command, so they only matter for their
		 * substitutions */
		for (size_t k = 0; k < redirs.n; k++)
			do_redirect(a, redirs.v[k], sh, &rc);
		if (have_body)
			walk(a, body, sh);
		for (size_t k = 0; k < words.n; k++)
			scan(a, words.v[k], sh);
	}
	for (size_t k = 0; k < tails.n; k++) {
		TSNode t = tails.v[k];
		if (n_is(t, "pipeline")) {
			for (uint32_t i = 0; i < ts_node_named_child_count(t); i++) {
				struct sh sub = *sh;
				walk(a, ts_node_named_child(t, i), &sub);
			}
		} else {
			walk(a, t, sh);
		}
	}
}

/* Statement-level assignments: substitutions run; PATH changes lookups. */
static void handle_assignments(struct an *a, TSNode n, struct sh *sh)
{
	if (n_is(n, "variable_assignment")) {
		TSNode name = ts_node_named_child(n, 0);
		TSNode val = ts_node_named_child(n, 1);

		if (!ts_node_is_null(val))
			scan(a, val, sh);
		if (!ts_node_is_null(name) && !ts_node_is_null(val) &&
		    strcmp(n_text(a, name), "PATH") == 0)
			sh->path = path_from_value(a, sh, val);
		return;
	}
	for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
		TSNode c = ts_node_named_child(n, i);
		if (n_is(c, "variable_assignment"))
			handle_assignments(a, c, sh);
		else
			scan(a, c, sh);
	}
}

static void handle_function(struct an *a, TSNode n, struct sh *sh)
{
	struct fn *f = ar_alloc(&a->ar, sizeof(*f));
	struct cmd rc = { .prog = NULL, .cwd = sh->cwd };
	uint32_t cnt = ts_node_named_child_count(n);
	bool named = false;

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_named_child(n, i);

		if (!named && n_is(c, "word")) {
			f->name = n_text(a, c);
			named = true;
		} else if (is_redirect(c)) {
			/* applies whenever the function runs */
			do_redirect(a, c, sh, &rc);
		} else {
			/* the body's effects count whether or not it is called */
			struct sh body = *sh;
			walk(a, c, &body);
		}
	}
	if (named) {
		f->next = sh->fns;
		sh->fns = f;
	}
}

/* Statements in sequence; one followed by `&` runs in a subshell. */
static void walk_children(struct an *a, TSNode n, struct sh *sh)
{
	uint32_t cnt = ts_node_child_count(n);

	for (uint32_t i = 0; i < cnt; i++) {
		TSNode c = ts_node_child(n, i);

		if (!ts_node_is_named(c))
			continue;
		if (is_statement(c)) {
			TSNode next = ts_node_next_sibling(c);
			if (!ts_node_is_null(next) && !ts_node_is_named(next) && n_is(next, "&")) {
				struct sh sub = *sh;
				walk(a, c, &sub);
			} else {
				walk(a, c, sh);
			}
		} else {
			scan(a, c, sh);
		}
	}
}

/* `a && b || c` is a left-deep tree of list nodes; walk its statements in
 * order without recursing once per operator, so that a long chain does
 * not reach the depth cap. */
static void walk_list(struct an *a, TSNode n, struct sh *sh)
{
	struct nodes spine = { 0 };
	TSNode cur = n;

	while (n_is(cur, "list") && ts_node_named_child_count(cur) > 0) {
		nodes_push(a, &spine, cur);
		cur = ts_node_named_child(cur, 0);
	}
	walk(a, cur, sh);
	for (size_t k = spine.n; k-- > 0;) {
		TSNode l = spine.v[k];
		for (uint32_t i = 1; i < ts_node_named_child_count(l); i++) {
			TSNode c = ts_node_named_child(l, i);
			if (is_statement(c))
				walk(a, c, sh);
			else
				scan(a, c, sh);
		}
	}
}

static void walk(struct an *a, TSNode n, struct sh *sh)
{
	const char *t = ts_node_type(n);

	if (++a->depth > MAX_WALK_DEPTH) {
		if (a->depth == MAX_WALK_DEPTH + 1) {
			opaque(a, sh, n_start(n), n_end(n), NULL);
			a->out->complete = false;
		}
		a->depth--;
		return;
	}
	if (strcmp(t, "command") == 0) {
		handle_command(a, n, sh, NULL, NULL);
	} else if (strcmp(t, "redirected_statement") == 0) {
		handle_redirected(a, n, sh);
	} else if (strcmp(t, "subshell") == 0) {
		struct sh sub = *sh;
		walk_children(a, n, &sub);
	} else if (strcmp(t, "pipeline") == 0) {
		/* every element of a pipeline runs in a subshell */
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
			struct sh sub = *sh;
			walk(a, ts_node_named_child(n, i), &sub);
		}
	} else if (strcmp(t, "list") == 0) {
		walk_list(a, n, sh);
	} else if (strcmp(t, "function_definition") == 0) {
		handle_function(a, n, sh);
	} else if (strcmp(t, "variable_assignment") == 0 ||
		   strcmp(t, "variable_assignments") == 0 ||
		   strcmp(t, "declaration_command") == 0) {
		handle_assignments(a, n, sh);
	} else if (strcmp(t, "comment") == 0) {
		/* nothing */
	} else if (is_statement(n) || strcmp(t, "program") == 0) {
		walk_children(a, n, sh);
	} else {
		scan(a, n, sh);
	}
	a->depth--;
}

/* A node that is not a statement: only the substitutions inside it run. */
static void scan(struct an *a, TSNode n, struct sh *sh)
{
	if (++a->depth > MAX_WALK_DEPTH) {
		if (a->depth == MAX_WALK_DEPTH + 1) {
			opaque(a, sh, n_start(n), n_end(n), NULL);
			a->out->complete = false;
		}
		a->depth--;
		return;
	}
	if (n_is(n, "command_substitution") || n_is(n, "process_substitution")) {
		analyse_subst(a, n, sh);
	} else if (is_statement(n)) {
		walk(a, n, sh);
	} else {
		for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
			scan(a, ts_node_named_child(n, i), sh);
	}
	a->depth--;
}

/* Every outermost ERROR node and every MISSING node is an opaque effect:
 * that part of the line could not be read; the analysis is incomplete. */
static void report_errors(struct an *a, TSNode root, const struct sh *sh)
{
	TSTreeCursor cur;
	bool down = true;

	if (!ts_node_has_error(root))
		return;
	a->out->complete = false;
	cur = ts_tree_cursor_new(root);
	for (;;) {
		TSNode n = ts_tree_cursor_current_node(&cur);
		bool descend = down && ts_node_has_error(n);

		if (down && (n_is(n, "ERROR") || ts_node_is_missing(n))) {
			TSNode at = n;
			if (ts_node_is_missing(n) && !ts_node_is_null(ts_node_parent(n)))
				at = ts_node_parent(n);
			opaque(a, sh, n_start(at), n_end(at), NULL);
			descend = false;
		}
		if (descend && ts_tree_cursor_goto_first_child(&cur)) {
			down = true;
			continue;
		}
		if (ts_tree_cursor_goto_next_sibling(&cur)) {
			down = true;
			continue;
		}
		for (;;) {
			if (!ts_tree_cursor_goto_parent(&cur))
				goto out;
			if (ts_tree_cursor_goto_next_sibling(&cur))
				break;
		}
		down = true;
	}
out:
	ts_tree_cursor_delete(&cur);
}

/* ---- entry points -------------------------------------------------------- */

static int effect_cmp(const void *x, const void *y)
{
	const struct fsj_effect *e = x, *f = y;

	if (e->start != f->start)
		return e->start < f->start ? -1 : 1;
	return 0;
}

int effects_analyze(const char *line, size_t len, const struct effects_opts *opts,
		    struct fsj_effects *out, struct fsj_error *err)
{
	struct an a = { .o = opts, .out = out, .line = line, .src = line };
	struct sh sh = { .cwd = opts->cwd,
			 .path = opts->path_env ? opts->path_env : "/usr/bin:/bin" };
	TSTree *tree;

	memset(out, 0, sizeof(*out));
	out->complete = true;
	if (len > FSJ_EFFECTS_MAX_LINE)
		return fsj_error_set(err, NULL, 0, 0,
				     "command line too long (%zu bytes, at most %u)", len,
				     FSJ_EFFECTS_MAX_LINE);
	if (!opts->cwd || opts->cwd[0] != '/')
		return fsj_error_set(err, NULL, 0, 0, "the working directory must be absolute");
	if (memchr(line, '\0', len))
		return fsj_error_set(err, NULL, 0, 0, "command line contains a NUL byte");
	a.parser = ts_parser_new();
	if (!ts_parser_set_language(a.parser, tree_sitter_bash())) {
		ts_parser_delete(a.parser);
		return fsj_error_set(err, NULL, 0, 0,
				     "the tree-sitter-bash grammar (ABI %u) is not accepted by the "
				     "tree-sitter library",
				     ts_language_version(tree_sitter_bash()));
	}
	ts_parser_set_timeout_micros(a.parser, PARSE_TIMEOUT_US);
	tree = ts_parser_parse_string(a.parser, NULL, line, (uint32_t)len);
	if (!tree) {
		opaque(&a, &sh, 0, (uint32_t)len, NULL);
		out->complete = false;
	} else {
		report_errors(&a, ts_tree_root_node(tree), &sh);
		walk(&a, ts_tree_root_node(tree), &sh);
		ts_tree_delete(tree);
	}
	ts_parser_delete(a.parser);
	ar_release(&a.ar);

	/* source order, keeping the order of discovery inside one span */
	for (size_t i = 0; i < out->n; i++) {
		/* insertion sort: lists are short, and it is stable */
		struct fsj_effect e = out->v[i];
		size_t j = i;
		while (j > 0 && effect_cmp(&out->v[j - 1], &e) > 0) {
			out->v[j] = out->v[j - 1];
			j--;
		}
		out->v[j] = e;
	}
	return 0;
}

void effects_release(struct fsj_effects *fx)
{
	for (size_t i = 0; i < fx->n; i++) {
		free(fx->v[i].path);
		free(fx->v[i].text);
		free(fx->v[i].program);
	}
	free(fx->v);
	memset(fx, 0, sizeof(*fx));
}

/* ---- decision ------------------------------------------------------------ */

const char *fsj_verdict_name(enum fsj_verdict v)
{
	switch (v) {
	case FSJ_VERDICT_ALLOWED:
		return "allowed";
	case FSJ_VERDICT_MISSING:
		return "missing";
	case FSJ_VERDICT_REFUSED:
		return "refused";
	}
	return "?";
}

const char *fsj_overall_name(enum fsj_overall o)
{
	switch (o) {
	case FSJ_OVERALL_ALLOW:
		return "allow";
	case FSJ_OVERALL_PROMPT:
		return "prompt";
	case FSJ_OVERALL_REFUSE:
		return "refuse";
	}
	return "?";
}

static void add_missing(struct fsj_check *c, size_t *cap, const char *path, enum fsj_cap cap_)
{
	if (c->n_missing == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		c->missing = xreallocarray(c->missing, *cap, sizeof(*c->missing));
	}
	c->missing[c->n_missing].path = xstrdup(path);
	c->missing[c->n_missing].cap = cap_;
	c->n_missing++;
}

/* Deepest path first (the narrowest grant), then by path, then capability. */
static int missing_cmp(const void *x, const void *y)
{
	const struct fsj_missing *m = x, *n = y;
	size_t dm = path_depth(m->path), dn = path_depth(n->path);
	int r;

	if (dm != dn)
		return dm > dn ? -1 : 1;
	r = strcmp(m->path, n->path);
	if (r)
		return r;
	return (int)m->cap - (int)n->cap;
}

/* A denial no answer can lift: a protected path, the user's own deny, or
 * a change in read-only mode (no rule can add write, create or delete). */
static bool refused(const struct fsj_policy *pol, const struct fsj_decision *d, enum fsj_cap cap)
{
	if (d->level == FSJ_LEVEL_PROTECTED)
		return true;
	if (d->level == FSJ_LEVEL_EXPLICIT && d->rule && (d->rule->deny & FSJ_CAPBIT(cap)))
		return true;
	return pol->mode == FSJ_MODE_READ_ONLY && (FSJ_CAPS_MODIFY & FSJ_CAPBIT(cap));
}

void effects_decide(const struct fsj_effects *fx, const struct fsj_policy *pol, const char *cwd,
		    struct fsj_check *out)
{
	size_t mcap = 0;
	bool any_refused = false, all_allowed = true;

	memset(out, 0, sizeof(*out));
	out->d = xcalloc(fx->n + 1, sizeof(*out->d));
	out->n = fx->n;
	for (size_t i = 0; i < fx->n; i++) {
		const struct fsj_effect *e = &fx->v[i];
		struct fsj_effect_decision *d = &out->d[i];
		const char *where = e->path ? e->path : cwd;
		struct fsj_decision dec;

		d->resolved = path_resolve(where);
		if (e->status == FSJ_EFFECT_OPAQUE) {
			bool all = true;

			d->level = FSJ_LEVEL_DEFAULT;
			if (pol->tier >= FSJ_TIER_GUARDED) {
				d->verdict = FSJ_VERDICT_ALLOWED;
				d->by_tier = true;
				continue;
			}
			for (int c = 0; c <= FSJ_CAP_EXECUTE; c++) { /* the five, not connect */
				policy_decide(pol, where, d->resolved, (enum fsj_cap)c, &dec);
				if (dec.allowed)
					continue;
				all = false;
				if (!d->rule) {
					d->level = dec.level;
					d->rule = dec.rule;
				}
				if (!refused(pol, &dec, (enum fsj_cap)c))
					add_missing(out, &mcap, where, (enum fsj_cap)c);
			}
			d->verdict = all ? FSJ_VERDICT_ALLOWED : FSJ_VERDICT_MISSING;
			if (!all)
				all_allowed = false;
			continue;
		}
		policy_decide(pol, where, d->resolved, (enum fsj_cap)e->cap, &dec);
		d->level = dec.level;
		d->rule = dec.rule;
		if (dec.allowed) {
			d->verdict = FSJ_VERDICT_ALLOWED;
		} else if (refused(pol, &dec, (enum fsj_cap)e->cap)) {
			d->verdict = FSJ_VERDICT_REFUSED;
			any_refused = true;
			all_allowed = false;
		} else {
			d->verdict = FSJ_VERDICT_MISSING;
			all_allowed = false;
			add_missing(out, &mcap, where, (enum fsj_cap)e->cap);
		}
	}
	if (out->n_missing > 1) {
		size_t k = 1;

		qsort(out->missing, out->n_missing, sizeof(*out->missing), missing_cmp);
		for (size_t i = 1; i < out->n_missing; i++) {
			if (missing_cmp(&out->missing[k - 1], &out->missing[i]) == 0) {
				free(out->missing[i].path);
				continue;
			}
			out->missing[k++] = out->missing[i];
		}
		out->n_missing = k;
	}
	if (any_refused)
		out->overall = FSJ_OVERALL_REFUSE;
	else if (all_allowed && fx->complete)
		out->overall = FSJ_OVERALL_ALLOW;
	else
		out->overall = FSJ_OVERALL_PROMPT;
}

void fsj_check_release(struct fsj_check *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->d[i].resolved);
	for (size_t i = 0; i < c->n_missing; i++)
		free(c->missing[i].path);
	free(c->d);
	free(c->missing);
	memset(c, 0, sizeof(*c));
}
