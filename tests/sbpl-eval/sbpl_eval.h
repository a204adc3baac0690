/* sbpl_eval.h - an evaluator of Seatbelt profiles (SBPL), used by the tests
 * as an oracle for what macOS would decide. Test code only: nothing in src/
 * links it.
 *
 * It reads the SBPL dialect fsjail emits (version, allow/deny with lists of
 * operations, the path filters literal/subpath/prefix/regex with a string
 * or a (param "K") argument, require-any/require-all/require-not, the
 * non-path filters fsjail writes, (with ...) modifiers, (import "bsd.sb")),
 * refuses what sandbox-exec would refuse to compile (an undefined
 * parameter, an unknown operation, a subpath with a trailing slash, ...),
 * and answers allow or deny for (operation, path) with Seatbelt's
 * semantics as SBPL-NOTES.md section 1 states them (the path of a network
 * operation is the Unix socket it connects to, which (remote unix-socket
 * PATH-FILTER...) matches; the other non-path filters match nothing):
 *
 *   - every operation has its own rule list, ending in a jump to its parent
 *     operation (file-write-data -> file-write* -> file* -> default) or, for
 *     "default", in the built-in action;
 *   - a rule is added only to the lists of the operations it names;
 *   - a filtered rule goes to the front of its list (so among the filtered
 *     rules of one operation the one written last wins);
 *   - an unfiltered rule replaces the list's jump (or default action); it
 *     never overrides a filtered rule of the same operation, in either
 *     order; between two unfiltered rules the later wins;
 *   - operations outside the file tree (file-link, file-clone,
 *     file-map-executable, file-test-existence, file-write-setugid) jump
 *     straight to default.
 *
 * bsd.sb is modelled by the allowances SBPL-NOTES.md section 4 lists (its
 * text is in sbpl_eval.c); the implicit rules Seatbelt appends after a
 * profile (section 1, uncertain on current macOS) are not modelled.
 *
 * Regular expressions: the SBPL regex (Apple's AppleMatch engine) is
 * compiled with POSIX regcomp(REG_EXTENDED) and searched unanchored, like
 * Seatbelt. The dialects agree on what fsjail writes (^, $, [0-9], +, \.);
 * they differ elsewhere: AppleMatch has no back-references, no POSIX
 * classes such as [[:alpha:]] and no {m,n} bounds on older systems, and
 * compares bytes where glibc's regexec() follows the locale. */
#ifndef FSJAIL_SBPL_EVAL_H
#define FSJAIL_SBPL_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* ---- the syntax tree ----------------------------------------------------- */

enum sbpl_node_type {
	SBPL_NODE_LIST = 0,
	SBPL_NODE_SYMBOL,
	SBPL_NODE_STRING,
};

struct sbpl_node {
	enum sbpl_node_type type;
	char *s;                 /* symbol or string (escapes applied); NULL for a list */
	bool raw;                /* a #"..." string */
	struct sbpl_node **kids; /* a list's elements */
	size_t n;
	unsigned line; /* 1-based line of the node's first byte */
	/* Top-level forms only: the title of the last ";; title" comment
	 * before the form ("" before any), owned by the profile. */
	const char *section;
};

/* The forms of one profile, in the order written (bsd.sb's are not here). */
struct sbpl_ast {
	struct sbpl_node **forms;
	size_t n;
};

/* ---- compiling ----------------------------------------------------------- */

struct sbpl_eval;

/* Read and compile the profile text as sandbox-exec -f FILE -D K=V would.
 * file names the profile in error messages (may be NULL). names/values are
 * the n_params parameters (-D NAME=VALUE). Returns a new evaluator (caller
 * frees with sbpl_eval_free()), or NULL with err set to
 * "FILE:LINE: message" naming the first line that does not compile:
 * unbalanced or unreadable text, a missing or repeated (version 1), an
 * unknown operation, filter, modifier or import, a (param "K") whose K is
 * not defined (Seatbelt's param yields #f, which no filter accepts), a
 * subpath with a trailing slash, a regex regcomp() refuses, a require-not
 * without exactly one filter. */
struct sbpl_eval *sbpl_eval_new(const char *text, const char *file, const char *const *names,
				const char *const *values, size_t n_params, struct fsj_error *err);
void sbpl_eval_free(struct sbpl_eval *ev);

/* The forms as read; valid until sbpl_eval_free(). */
const struct sbpl_ast *sbpl_eval_ast(const struct sbpl_eval *ev);

/* The value of parameter name, or NULL when it is not defined. */
const char *sbpl_eval_param(const struct sbpl_eval *ev, const char *name);

/* true when op is an operation name the evaluator knows (aliases included). */
bool sbpl_eval_known_op(const char *op);

/* ---- deciding ------------------------------------------------------------ */

struct sbpl_query {
	const char *op; /* an operation, e.g. "file-write-data" (aliases allowed) */
	/* The kernel's (resolved) path; NULL: not a file query. For a network
	 * operation, the Unix socket it connects to (network-outbound, by
	 * (remote unix-socket ...)) or binds (network-bind, (local ...)). */
	const char *path;
	/* Extension classes the process holds (sandbox_extension_consume()),
	 * NULL-terminated, or NULL for none: matched by (extension "class"). */
	const char *const *extensions;
};

struct sbpl_verdict {
	bool allow;
	/* The rule that decided: its line (0 for the built-in default action)
	 * and whether it came from the modelled bsd.sb; the operation whose
	 * list held it (after jumps, a static string); its (with message). */
	unsigned line;
	bool from_import;
	bool filtered;
	const char *op;
	const char *message;
};

/* Decide q. Returns 0 with *out filled, or -1 with err set when q->op is
 * not an operation name. */
int sbpl_eval_decide(const struct sbpl_eval *ev, const struct sbpl_query *q,
		     struct sbpl_verdict *out, struct fsj_error *err);

/* Shorthand for a path query without extensions. An unknown operation is
 * a bug in the calling test: it prints a message and aborts. */
bool sbpl_eval_allows(const struct sbpl_eval *ev, const char *op, const char *path);

/* ---- lint ------------------------------------------------------------------ */

/* Strings written into the text where a path belongs: every string
 * argument of a path filter (literal, subpath, prefix, regex and their
 * aliases, path-literal) that is not in fixed (NULL-terminated: the
 * strings fsjail's compiler writes itself, see sbpl_oracle_fixed_strings()),
 * and any (with no-sandbox), which runs the command unsandboxed. Returns
 * the number found; the first is described in err ("FILE:LINE: ..."). A
 * path that reaches the text can close the string and inject a rule
 * (bazel issue 29427); fsjail passes every path as a parameter. */
size_t sbpl_eval_lint(const struct sbpl_eval *ev, const char *const *fixed, struct fsj_error *err);

#endif
