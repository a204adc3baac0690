/* shcmds.h - the simple commands of a shell line, each as its words
 * evaluated by the command-effects analyser (tree-sitter-bash, shword.c:
 * quotes, escapes, tilde, the literal prefix before a run-time part), for
 * a caller outside the analyser (autorun-words.c). Pure text work but for
 * what the analyser asks the filesystem; nothing run. */
#ifndef FSJAIL_SHCMDS_H
#define FSJAIL_SHCMDS_H

#include <stdbool.h>
#include <stddef.h>

/* One word of a command. */
struct shcmd_word {
	const char *lit;   /* the value: run-time parts kept as source text */
	bool known;        /* no run-time part left (vars[] substituted) */
	bool glob;         /* an unquoted * ? [ or a brace expansion in it */
	bool redirect;     /* a redirection's target: never a program */
	bool loose;        /* not in a simple command (for's list, [[ ]], an
			    * ERROR node's word): never a program */
	const char *var;   /* an assignment's value: its variable's name, else NULL */
};

/* What shcmds_walk() calls, and the variables it knows. */
struct shcmds_visit {
	/* NAME, VALUE pairs, NULL-terminated: $NAME and ${NAME} are VALUE */
	const char *const *vars;
	/* each simple command (n words: its assignments' values flagged
	 * loose, its program word, its arguments; borrowed for the call) in
	 * source order, then each of its redirections' targets alone (n 1,
	 * flagged redirect), and each loose word alone (n 1); cwd: where a
	 * literal `cd` earlier in the same shell left it ("" at the start,
	 * absolute or relative to the start, NULL when a cd went where the text
	 * does not say: cd $X, cd -, cd alone); a subshell's, a pipeline
	 * element's cd stays in it */
	void (*command)(void *arg, const struct shcmd_word *w, size_t n, const char *cwd);
	void *arg;
	/* set by shcmds_walk() before the first call: the tree has an ERROR
	 * or MISSING node */
	bool incomplete;
};

/* Parse len bytes of shell text and hand its commands to v->command.
 * Returns 1 when the tree is complete, 0 when it has an ERROR or MISSING
 * node or the parser gave up (the words it could find are still handed
 * on, a word of an ERROR node loose), -1 when the text is too long, holds
 * a NUL, or the grammar cannot be loaded (nothing handed on). */
int shcmds_walk(const char *text, size_t len, struct shcmds_visit *v);

#endif
