/* effects.h - what a shell command line will do to the filesystem, before
 * it runs (DESIGN.md section 11); the decision on it: effects-decide.h.
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

#include "effects-opts.h"
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
	FSJ_EFFECT_NOT_FOUND,    /* execute of a program not on PATH now, which
				  * the line cannot make first: nothing runs */
};

/* The link a create makes (fsj_effect.link_kind). */
enum fsj_link_kind {
	FSJ_LINK_NONE = 0,
	FSJ_LINK_SYMBOLIC,
	FSJ_LINK_HARD,
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
	 * OPAQUE: the working directory, or NULL when unknown. NOT_FOUND: NULL. */
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
	/* the seccomp listener refuses this effect whatever the policy says,
	 * for what the line shows (git rebase -x: exec lines in the todo list;
	 * prog-git-guard.h): its why-note, or NULL; effects_release() frees */
	char *guard;
	bool guard_maybe; /* the line only may do so (rebase -i): asks */
	/* UNRESOLVED from an operand word: the names it may take beneath
	 * path (effects-glob.h), or NULL; effects_release() frees */
	char *pattern;
	bool pattern_any; /* pattern's end may be followed by anything */
	/* pattern holds find -name patterns, matched against the last
	 * component of every path at or beneath path (effects-find.h) */
	bool pattern_deep;
	/* a create that makes a link (ln): FSJ_LINK_SYMBOLIC with link its
	 * text, FSJ_LINK_HARD with link the old name (absolute); link NULL
	 * when known only at run time. effects_release() frees link */
	enum fsj_link_kind link_kind;
	char *link;
};

struct fsj_effects {
	struct fsj_effect *v;
	size_t n;
	size_t cap;
	/* false when the tree had an ERROR or MISSING node (also inside a
	 * `bash -c` string), the parser gave up, or nesting went too deep */
	bool complete;
};

/* Analyse len bytes of shell text. Fills *out (initialised by this call;
 * release with effects_release()) with the effects in source order.
 * Returns 0, or -1 with err set when the line is too long (nothing is
 * analysed then) or the grammar cannot be loaded. A line that does not
 * parse is not an error: it yields opaque effects and complete = false. */
int effects_analyze(const char *line, size_t len, const struct effects_opts *opts,
		    struct fsj_effects *out, struct fsj_error *err);
void effects_release(struct fsj_effects *fx);

/* "resolved", "unresolved", "opaque", "not-found". Static. */
const char *fsj_effect_status_name(enum fsj_effect_status s);
/* fsj_cap_name(), or "any" for FSJ_EFFECT_ANY. Static. */
const char *fsj_effect_cap_name(int cap);

#endif
