/* toolcache-make.c - npm's cache folders made on the host before a run
 * that runs npm (toolcache-make.h).
 *
 * Trust boundary: runs in the supervisor with the user's rights, before
 * the sandbox; it only makes empty folders in the user's home, never
 * through a symlink. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "landlock.h"
#include "mask.h"
#include "toolcache-make.h"
#include "util.h"

/* Characters that end a word of a shell line, or of a path before its
 * last component. */
#define WORD_EDGE " \t\n;&|()<>`'\"/="

/* Whether s holds w as a whole word (WORD_EDGE on each side; '/' and '='
 * only before it). */
static bool names_word(const char *s, const char *w)
{
	const size_t n = strlen(w);

	for (const char *p = strstr(s, w); p; p = strstr(p + 1, w)) {
		if ((p == s || strchr(WORD_EDGE, p[-1])) &&
		    (p[n] == '\0' || (strchr(WORD_EDGE, p[n]) && p[n] != '/' && p[n] != '=')))
			return true;
	}
	return false;
}

bool toolcache_runs_npm(char *const *argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		if (names_word(argv[i], "npm") || names_word(argv[i], "npx"))
			return true;
	return false;
}

/* mkdirat(dir, name, 0700): 1 made, 0 there already, -1 with errno set. */
static int make_one(int dir, const char *name)
{
	if (mkdirat(dir, name, 0700) == 0)
		return 1;
	return errno == EEXIST ? 0 : -1;
}

int toolcache_make_npm(const char *home, char *const *argv, bool quiet)
{
	static const char *const sub[] = { "_cacache", "_logs" };
	cleanup_fd int hfd = -1, nfd = -1;
	int made = 0, r;

	if (!home || home[0] != '/' || !toolcache_runs_npm(argv) || ll_abi() <= 0 ||
	    !ll_masks_available())
		return 0;
	hfd = mask_open_exact(home);
	if (hfd < 0 || (r = make_one(hfd, ".npm")) < 0)
		return 0;
	made += r;
	/* what is there now must be a folder, not a symlink to one */
	nfd = openat(hfd, ".npm", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (nfd < 0)
		return made;
	for (size_t i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		r = make_one(nfd, sub[i]);
		made += r > 0 ? r : 0;
	}
	if (made && !quiet) {
		fputs("fsjail: note: made npm's cache folders, empty, on the host (", stderr);
		fsj_put_term(stderr, home);
		fputs("/.npm/_cacache and _logs): the run writes its own copy of them\n", stderr);
	}
	return made;
}
