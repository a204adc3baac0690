/* refusal-hint-home.c - advice for a tool's own file in home: history
 * files and gpg's ~/.gnupg (refusal-hint-home.h). */
#include <stdbool.h>
#include <string.h>

#include "escape.h"
#include "path.h"
#include "refusal-hint-history.h"
#include "refusal-hint-home.h"
#include "refusal.h"
#include "util.h"

/* path is home/.gnupg or under it, and comm one of gpg's programs */
static bool gpg_in_gnupg(const char *path, const char *home, const char *comm)
{
	cleanup_free char *g = path_join(home, ".gnupg");
	size_t n = strlen(g);

	if (!comm || (strncmp(comm, "gpg", 3) != 0 && strcmp(comm, "keyboxd") != 0))
		return false;
	return strncmp(path, g, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* The signing advice with the grant on shown_home/.gnupg (user17: a
 * refused lock file under ~/.gnupg said only "a secret", and a grant of
 * read and write alone still failed at gpg-agent's socket). The secret's
 * line as refusal-hint-guard.h words it comes first. */
static char *gnupg(const char *shown_home)
{
	struct strbuf q = STRBUF_INIT;
	cleanup_free char *dir = path_join(shown_home, ".gnupg");
	cleanup_free char *shown = refusal_printable(dir);
	char *why;

	fsj_quote_shell_sb(&q, shown);
	why = xasprintf("a secret: %s (baseline 'secrets:'): gpg signing (git commit -S, git "
			"tag -s) needs read, write, create, delete and connect on all of it (its "
			"keys, its lock and trust files, gpg-agent's socket); sign outside fsjail "
			"after the run (git commit --amend --no-edit -S), or grant it by hand if "
			"you mean it: fsjail run --grant read,write,create,delete,connect:%s ... "
			"(this run only) or fsjail allow add read,write,create,delete,connect %s "
			"folder (kept)",
			shown, q.buf, q.buf);
	sb_release(&q);
	return why;
}

/* The advice for path in home h (as written or resolved), or NULL. */
static char *advice_in(const char *path, const char *h, const char *shown_home, const char *comm)
{
	const char *why = refusal_hint_history(path, h);

	if (why)
		return xstrdup(why);
	return gpg_in_gnupg(path, h, comm) ? gnupg(shown_home) : NULL;
}

char *refusal_hint_home(const char *path, const char *home, const char *comm)
{
	cleanup_free char *real = home && home[0] == '/' ? path_resolve(home) : NULL;
	char *why;

	if (!path || !home || home[0] != '/')
		return NULL;
	why = advice_in(path, home, home, comm);
	if (!why && real)
		why = advice_in(path, real, home, comm);
	return why;
}
