/* autorun-words.h - a hook's or MCP server's command line, split into
 * words as a shell would, roughly, each word told whether its place or
 * shape makes it a path the command runs (for autorun-hooks.c). Pure
 * string work: nothing on the filesystem is looked at, nothing run. */
#ifndef FSJAIL_AUTORUN_WORDS_H
#define FSJAIL_AUTORUN_WORDS_H

#include <stdbool.h>

/* A word this long cannot name a file: the word is dropped. */
#define AW_WORD_MAX 4096

/* Where the next word stands (aw_words()). */
enum aw_at {
	AW_AT_PROGRAM, /* the program word (zero: a command's start) */
	AW_AT_SUB,     /* after uv, deno or bun: "run" may follow */
	AW_AT_OPTS,    /* after an interpreter: options, then its script */
	AW_AT_ARGS,    /* the program's other arguments */
};

/* One splitting: ws and take set by the caller, the rest zero before a
 * command's first word and carried on from its "command" string to its
 * "args" array (an MCP server's "command": "node", "args":
 * ["build/server.js"]). */
struct aw_split {
	const char *ws; /* $CLAUDE_PROJECT_DIR and the like expand to it */
	/* each complete word (NUL-terminated, borrowed for the call) and
	 * whether it names a path by place or shape: it holds a '/', as the
	 * program word or else with no blank in it (not a URL), or it is the
	 * script a known interpreter runs (bash x.sh, python3 x.py, node
	 * x.js, uv run x.py); echo, -c, true and the like do not */
	void (*take)(void *arg, const char *word, bool named);
	void *arg;
	enum aw_at at;
	int interp;    /* the interpreter, while at is AW_AT_SUB or AW_AT_OPTS */
	int scripts;   /* operands still taken as its script (2 after an unknown option) */
	bool skip;     /* the next word is an option's argument */
	bool redirect; /* the next word follows < or > */
};

/* Split s into words and hand each to sp->take: with split true as a
 * shell would, roughly (blanks and unquoted ; & | ( ) < > ` end a word;
 * '...' is literal; "..." and a backslash quote; $VAR and ${VAR} expand
 * when VAR is a project variable, else the word is dropped); with split
 * false s is one word (an "args" string). The part after a word's first
 * '=' is handed on too, and, once, the words of a word that holds a
 * command line of its own (bash -c "scripts/x.sh && ..."), split afresh.
 * Borrows s; sp's state moves on. Never fails (out of memory aborts). */
void aw_words(struct aw_split *sp, const char *s, bool split);

#endif
