/* refusal-hint-history.c - interactive tools' history files in home
 * (refusal-hint-history.h). */
#include <stdbool.h>
#include <string.h>

#include "refusal-hint-history.h"

/* name is prefix followed by exactly one character, then suffix. */
static bool one_char_between(const char *name, const char *prefix, const char *suffix)
{
	size_t p = strlen(prefix), s = strlen(suffix), n = strlen(name);

	return n == p + 1 + s && strncmp(name, prefix, p) == 0 && name[p] != '/' &&
	       strcmp(name + p + 1, suffix) == 0;
}

const char *refusal_hint_history(const char *path, const char *home)
{
	size_t h = home ? strlen(home) : 0;
	const char *name;

	if (!path || !home || h == 0 || strncmp(path, home, h) != 0 ||
	    (path[h] != '/' && strcmp(home, "/") != 0))
		return NULL;
	name = path + h + (path[h] == '/');
	if (strchr(name, '/'))
		return NULL;
	if (strcmp(name, ".viminfo") == 0 || strcmp(name, ".viminfo.tmp") == 0 ||
	    one_char_between(name, ".viminf", ".tmp"))
		return "vim's history: vim reads it, then writes it anew through a "
		       "temporary file renamed over it, so a grant on the file works once "
		       "at most; vim -i NONE keeps none, vim -i FILE keeps it in the "
		       "workspace";
	if (strcmp(name, ".lesshst") == 0 || one_char_between(name, ".lesshs", ""))
		return "less's history: less writes it through a temporary file renamed "
		       "over it, so no grant on the file holds; LESSHISTFILE=- keeps none, "
		       "LESSHISTFILE=FILE keeps it in the workspace";
	if (strcmp(name, ".node_repl_history") == 0)
		return "node's REPL history: node opens it to read and append, and a "
		       "grant on a file that does not exist at the start holds no read; "
		       "NODE_REPL_HISTORY= keeps none, NODE_REPL_HISTORY=FILE keeps it in "
		       "the workspace";
	return NULL;
}
