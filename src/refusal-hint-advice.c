/* refusal-hint-advice.c - why no grant, advice instead of a grant, and
 * the note on git worktree add (refusal-hint-advice.h). */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "escape.h"
#include "refusal-hint-advice.h"
#include "refusal-hint-home.h"
#include "refusal.h"
#include "toolcache.h"
#include "util.h"

const char *refusal_hint_why_not(bool by_policy, enum fsj_level level, const char *rule_id,
				 bool no_hint)
{
	if (!by_policy)
		return "not decided by a rule (reason says why): no grant lifts it";
	if (no_hint)
		return "no grant lifts it (reason says why)";
	if (level == FSJ_LEVEL_PROTECTED)
		return "protected: no rule lifts it";
	if (rule_id && strcmp(rule_id, "read-only-mode") == 0)
		return "read-only mode: no rule lifts it";
	if (level == FSJ_LEVEL_EXPLICIT)
		return "your own deny rule refused it: change the rule by hand if you mean it";
	return NULL;
}

bool refusal_hint_absent_cache(const char *path)
{
	const char *tool;
	cleanup_free char *mk = toolcache_absent_mkdir(path, &tool);

	return mk != NULL;
}

/* it asks for a tool's cache folders that are absent on the host
 * (toolcache_absent_mkdir(): npm's mkdir of ~/.npm with no ~/.npm): a grant
 * there would hand the command the host's cache to poison, and all of
 * ~/.npm holds ~/.npm/_npx, which npx runs from (user9). Making the
 * folders on the host is enough: the next run gets its own copy of them.
 * Returns that advice (a new string), or NULL. */
static char *absent_cache(const char *path)
{
	const char *tool;
	cleanup_free char *mk = toolcache_absent_mkdir(path, &tool);

	if (!mk)
		return NULL;
	return xasprintf("%s's cache is absent on the host, so this run had no copy of its "
			 "own: make it with %s and run again (each run then gets its own copy "
			 "and never changes the host's; fsjail status lists them)", tool, mk);
}

/* it is git making a folder that does not exist (a folder rule offered
 * at it, f): `git clone` into it works once it is made and granted, but
 * `git worktree add` does not, since the listener refuses a linked
 * worktree's .git file in a folder the command did not make
 * (notify-repo.c; user16: the line alone sent the user round twice). The
 * way that works with the same grant (t0307), as a new string; NULL
 * otherwise. */
char *refusal_hint_worktree_note(const struct refusal_hint_item *it, bool f)
{
	struct strbuf q = STRBUF_INIT;
	struct stat st;
	char *note;

	if (!f || !it->dir || !it->comm || strcmp(it->comm, "git") != 0 ||
	    lstat(it->path, &st) == 0 || errno != ENOENT)
		return NULL;
	fsj_quote_shell_term_sb(&q, it->path);
	note = xasprintf("if this was git worktree add, that grant is not enough: a linked "
			 "worktree's .git file is refused in a folder the command did not "
			 "make; with that grant, git worktree add %s/NAME works",
			 q.buf);
	sb_release(&q);
	return note;
}

char *refusal_hint_advice(const char *path, const char *home, const char *comm)
{
	char *why = absent_cache(path);

	return why ? why : refusal_hint_home(path, home, comm);
}
