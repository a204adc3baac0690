/* effects.h - what a shell command line will do to the filesystem, before
 * it runs (DESIGN.md section 11), and the decision on it against a policy.
 *
 * The line is parsed whole with tree-sitter-bash; every simple command is
 * turned into effects - (capability, path) pairs - from a fixed program
 * table with each program's real option syntax. A path known only at run
 * time is *unresolved* (the operation is known, the path is not); code the
 * table cannot read (python -c, eval, a line that does not parse) is
 * *opaque*. Nothing is guessed: what cannot be read is reported as such,
 * and a tree with an ERROR or MISSING node makes the analysis incomplete.
 *
 * Analysis is pure text work except for two questions it asks the
 * filesystem (does this path exist / is it a directory; is this file
 * executable, for the PATH search); both go through struct effects_fs so
 * tests can answer them. */
#ifndef FSJAIL_EFFECTS_H
#define FSJAIL_EFFECTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "policy.h"
#include "util.h"

/* Longest command line analysed, in bytes (1 MiB). Linux caps one argv
 * string at 128 KiB (MAX_ARG_STRLEN) and the whole argv at ~2 MiB; a
 * script of a thousand lines is far below this. */
#define FSJ_EFFECTS_MAX_LINE (1024u * 1024u)

/* Longest fsj_effect.text, in bytes: a line a person reads. */
#define FSJ_EFFECT_TEXT_MAX 512u

/* The capability of an opaque effect: any of the five. */
#define FSJ_EFFECT_ANY FSJ_CAP_COUNT

enum fsj_effect_status {
	FSJ_EFFECT_RESOLVED = 0, /* path is the operand, normalised and absolute */
	FSJ_EFFECT_UNRESOLVED,   /* operation known, path computed at run time */
	FSJ_EFFECT_OPAQUE,       /* code fsjail cannot read */
};

struct fsj_effect {
	enum fsj_effect_status status;
	/* enum fsj_cap, or FSJ_EFFECT_ANY (opaque effects only) */
	int cap;
	/* RESOLVED: the operand as a normalised absolute path (against the
	 * command's working directory; symlinks not resolved).
	 * UNRESOLVED: the directory the operand is known to lie in - its
	 * literal directory prefix (`/etc/$X` -> /etc), else the working
	 * directory - or NULL when even that is unknown (after `cd $DIR`).
	 * OPAQUE: the working directory, or NULL when unknown. */
	char *path;
	/* the source text of the span below, its first FSJ_EFFECT_TEXT_MAX
	 * bytes at most (cut at a UTF-8 character): every effect of a
	 * `bash -c '...'` string spans the whole string, and a copy each was
	 * quadratic in memory (issue 19) */
	char *text;
	char *program;    /* the program the effect comes from ("rm"); NULL
			   * for a redirection without a command or a parse error */
	uint32_t start;   /* byte span in the analysed line, end exclusive */
	uint32_t end;
	/* the operation reaches everything beneath path too (rm -r): a
	 * delete the decision refuses when a protected path lies beneath */
	bool recursive;
};

struct fsj_effects {
	struct fsj_effect *v;
	size_t n;
	size_t cap;
	/* false when the tree had an ERROR or MISSING node (also inside a
	 * `bash -c` string), the parser gave up, or nesting went too deep */
	bool complete;
};

/* Filesystem questions, injectable for tests. NULL members use the real
 * filesystem (stat(2) following symlinks; a regular file with
 * faccessat(X_OK)). */
struct effects_fs {
	/* 0 absent, 1 exists and is not a directory, 2 directory */
	int (*kind)(const char *abs_path, void *data);
	/* true when abs_path is a regular file the shell would execute */
	bool (*executable)(const char *abs_path, void *data);
	void *data;
};

struct effects_opts {
	const char *cwd;       /* absolute working directory of the line (required) */
	const char *home;      /* for "~" and "~/..."; NULL: "~" is unresolved */
	const char *path_env;  /* PATH for program lookup; NULL: "/usr/bin:/bin" */
	struct effects_fs fs;
};

/* Analyse len bytes of shell text. Fills *out (initialised by this call;
 * release with effects_release()) with the effects in source order.
 * Returns 0, or -1 with err set when the line is too long (nothing is
 * analysed then) or the grammar cannot be loaded. A line that does not
 * parse is not an error: it yields opaque effects and complete = false. */
int effects_analyze(const char *line, size_t len, const struct effects_opts *opts,
		    struct fsj_effects *out, struct fsj_error *err);
void effects_release(struct fsj_effects *fx);

/* "resolved", "unresolved", "opaque". Static. */
const char *fsj_effect_status_name(enum fsj_effect_status s);
/* fsj_cap_name(), or "any" for FSJ_EFFECT_ANY. Static. */
const char *fsj_effect_cap_name(int cap);

/* ---- decision against a policy ------------------------------------------ */

enum fsj_verdict {
	FSJ_VERDICT_ALLOWED = 0,
	FSJ_VERDICT_MISSING,   /* not granted: a person may grant it */
	FSJ_VERDICT_REFUSED,   /* a protected path, a rule of the user or the
				* read-only mode denies it: asking cannot help */
};

enum fsj_overall {
	FSJ_OVERALL_ALLOW = 0,
	FSJ_OVERALL_PROMPT,
	FSJ_OVERALL_REFUSE,
};

struct fsj_effect_decision {
	enum fsj_verdict verdict;
	enum fsj_level level;          /* the level that decided */
	const struct fsj_rule *rule;   /* the deciding rule, NULL at the default level */
	char *resolved;                /* path_resolve() of the path decided on, or NULL */
	bool by_tier;                  /* opaque code allowed because the tier holds it */
	char *why;                     /* why a run refuses what the policy allows (the
					* listener's reason, a grant not in force), or NULL */
};

struct fsj_missing {
	char *path;
	enum fsj_cap cap;
};

struct fsj_check {
	struct fsj_effect_decision *d; /* one per effect, same order */
	size_t n;
	struct fsj_missing *missing;   /* deduplicated, deepest path first */
	size_t n_missing;
	enum fsj_overall overall;
};

/* Decide every effect of fx against pol (pol->tier is the tier the command
 * would run at; cwd is the line's starting working directory, used when an
 * effect's path is unknown). Rules:
 * - resolved: policy_decide() on the path and its path_resolve() spelling;
 * - unresolved: decided on its directory (effect path), the working
 *   directory when unknown: it asks unless the capability is granted there;
 * - opaque: allowed when pol->tier is guarded or stronger, or all five
 *   capabilities are granted on the working directory; else the missing
 *   ones are asked for.
 * A denial is REFUSED when the protected level decided it, when a rule of
 * the explicit level denies the capability, or when the mode is read-only
 * and the capability is write, create or delete; otherwise MISSING. A
 * recursive resolved effect is REFUSED too when a protected rule, or an
 * explicit rule denying its capability, lies at or beneath its path
 * (`rm -rf /` can never be granted whole).
 * With ctx (the context pol was made from; may be NULL), a resolved effect
 * is decided by fsjail_explain_decide(), the one decision explain uses:
 * the seccomp listener's repository rules (repoexplain.h) and a grant
 * not in force (inforce.h) turn an allow into REFUSED, with d->why;
 * execute without read is MISSING read instead, and a path absent at
 * start that no earlier effect creates stays ALLOWED (the command meets
 * ENOENT there), d->why saying the grant is not in force.
 * Overall: REFUSE when any effect is refused, ALLOW when every effect is
 * allowed and fx->complete, PROMPT otherwise. Fills *out (release with
 * fsj_check_release()); the rule pointers borrow from pol or are static. */
struct fsj_ctx;
void effects_decide(const struct fsj_effects *fx, const struct fsj_policy *pol,
		    const char *cwd, const struct fsj_ctx *ctx, struct fsj_check *out);
void fsj_check_release(struct fsj_check *c);

/* "allowed", "missing", "refused"; "allow", "prompt", "refuse". Static. */
const char *fsj_verdict_name(enum fsj_verdict v);
const char *fsj_overall_name(enum fsj_overall o);

#endif
