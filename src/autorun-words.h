/* autorun-words.h - the words of a hook's or MCP server's command line
 * (parsed by the command-effects analyser: shcmds.h), each told whether
 * its place or shape makes it a path the command runs (for
 * autorun-hooks.c). Nothing on the filesystem is looked at, nothing run. */
#ifndef FSJAIL_AUTORUN_WORDS_H
#define FSJAIL_AUTORUN_WORDS_H

#include <stdbool.h>

#include "autorun-interp.h"

/* A word this long cannot name a file: the word is dropped. */
#define AW_WORD_MAX 4096
/* Deepest shell text inside shell text (sh -c "bash -c '...'"). */
#define AW_NEST_MAX 4

/* One command line: ws, take, runner (or NULL) and arg set by the caller,
 * the rest zero; the state carried on from its "command" string to its
 * "args" array ("command": "node", "args": ["build/server.js"]). Release
 * with aw_release(). take: each word (a path as the command spells it,
 * from the hook's base folder, borrowed), whether it names a path by place
 * or shape (autorun-hand.c), whether it holds an unquoted glob (its
 * existing matches are the paths); runner: each task runner's file. */
struct aw_split {
	const char *ws; /* $CLAUDE_PROJECT_DIR and the like are it */
	void (*take)(void *arg, const char *word, bool named, bool glob);
	void (*runner)(void *arg, const char *file);
	void *arg;
	struct aw_state st; /* the place of the next word */
	bool any;      /* the parse had an ERROR node: every word may be a path */
	int nest;      /* shell text inside shell text, so far */
	char *cwd;     /* where a literal cd left the command ("": the base) */
	char *dir;     /* uv --directory, make -C: the script's (runner's) folder, or NULL */
	char *base;    /* the folder shell text inside shell text starts in */
};

/* Parse s (a "command" string) as shell text (sh -c) and hand its words
 * to sp->take. Borrows s; sp's state moves on. Never fails (out of memory
 * aborts; a line that does not parse is read with sp->any set). */
void aw_line(struct aw_split *sp, const char *s);
/* One more word of the last command (an "args" string), as it is. */
void aw_word(struct aw_split *sp, const char *s);
/* Free what sp holds (not sp). */
void aw_release(struct aw_split *sp);

#endif
