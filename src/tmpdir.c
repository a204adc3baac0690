/* tmpdir.c - the one $TMPDIR fsjail trusts (see tmpdir.h). */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "path.h"
#include "tmpdir.h"
#include "util.h"

static char *trusted;  /* normalised; NULL: none */
static char *resolved; /* trusted, resolved (NULL when it cannot be) */
static char *above;    /* tmpdir_forbid_above()'s path: kept by a later settle */
static const char *above_what;

/* Folders a TMPDIR may never be: the tops of the system's trees. */
static const char *const tops[] = {
	"/", "/Applications", "/Library", "/System", "/Users", "/Volumes", "/bin", "/boot",
	"/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/media", "/mnt",
	"/opt", "/private", "/private/etc", "/private/var", "/proc", "/root", "/run",
	"/run/media", "/sbin", "/snap", "/srv", "/sys", "/usr", "/usr/local", "/var",
	"/var/home", "/var/lib",
};

/* Roots of users' homes: a TMPDIR at or above one is refused, and one
 * under it outside the caller's home unless the folder right under the
 * root (the home it is in) is the caller's. */
static const char *const user_roots[] = { "/home", "/Users", "/var/home", "/root" };

static void warn_drop(const char *what, const char *path)
{
	static char *said; /* the last warning: a command settles more than once */
	char *text = xasprintf("TMPDIR '%s' %s%s%s%s", trusted, what, path ? " '" : "",
			       path ? path : "", path ? "'" : "");

	if (!said || strcmp(said, text) != 0) {
		/* a symlink's target may be another user's text: escaped */
		fputs("fsjail: warning: ", stderr);
		fsj_put_term(stderr, text);
		fputs(": not granted (the baseline grants $TMPDIR everything, like /tmp)\n",
		      stderr);
	}
	free(said);
	said = text;
	free(trusted);
	free(resolved);
	trusted = resolved = NULL;
}

/* Whether the trusted TMPDIR is in a folder the baseline opens anyway. */
static bool in_tmp(void)
{
	static const char *const open_anyway[] = { "/tmp", "/var/tmp", "/private/tmp",
						   "/private/var/tmp" };

	for (size_t i = 0; i < sizeof(open_anyway) / sizeof(open_anyway[0]); i++)
		if (path_covers(open_anyway[i], trusted) ||
		    (resolved && path_covers(open_anyway[i], resolved)))
			return true;
	return false;
}

/* Whether either spelling of the trusted TMPDIR covers p. */
static bool covers(const char *p)
{
	return p && (path_covers(trusted, p) || (resolved && path_covers(resolved, p)));
}

/* Whether the folder right under root on the way to p (strictly under
 * root) is the caller's (not followed); false when it cannot be told. */
static bool own_home_of(const char *root, const char *p)
{
	size_t n = strlen(root) == 1 ? 1 : strlen(root) + 1;
	const char *slash = strchr(p + n, '/');
	cleanup_free char *top = xstrndup(p, slash ? (size_t)(slash - p) : strlen(p));
	struct stat sb;

	if (strcmp(p, root) == 0)
		return false;
	return lstat(top, &sb) == 0 && S_ISDIR(sb.st_mode) && sb.st_uid == geteuid();
}

/* Why the trusted TMPDIR is refused (home: $HOME), or NULL. */
static const char *bad(const char *home, const char **path)
{
	const char *sp[2] = { trusted, resolved };

	*path = home;
	if (covers(home))
		return "holds the home folder";
	*path = NULL;
	for (size_t k = 0; k < 2; k++) {
		if (!sp[k])
			continue;
		for (size_t i = 0; i < sizeof(tops) / sizeof(tops[0]); i++)
			if (strcmp(sp[k], tops[i]) == 0)
				return "is a system folder";
		for (size_t i = 0; i < sizeof(user_roots) / sizeof(user_roots[0]); i++) {
			if (path_covers(sp[k], user_roots[i]))
				return "holds the users' homes";
			if (path_covers(user_roots[i], sp[k]) && !path_covers(home, sp[k]) &&
			    !own_home_of(user_roots[i], sp[k]))
				return "is in another user's home";
		}
	}
	return NULL;
}

/* The first entry on the way to p (its symlinks followed, 40 at most)
 * that neither the caller nor root owns, or that cannot be looked at (p
 * absent, a loop), as a path (caller frees); NULL when there is none.
 * Another user can make such an entry, or swap it for a symlink, in a
 * shared folder: /tmp/$USER made before its owner did, pointing into
 * the home (att11: the baseline's $TMPDIR grant then opened
 * ~/Documents). */
static char *foreign_on_way(const char *p, int depth)
{
	size_t i = 1, n = strlen(p);
	char tgt[PATH_MAX];
	struct stat sb;
	ssize_t k;

	if (depth > 40)
		return xstrdup(p);
	while (i <= n) {
		size_t j = i;
		char *pre, *dir, *next;

		while (j < n && p[j] != '/')
			j++;
		if (j == i) {
			i = j + 1;
			continue;
		}
		pre = xstrndup(p, j);
		if (lstat(pre, &sb) < 0 || (sb.st_uid != geteuid() && sb.st_uid != 0))
			return pre;
		if (S_ISLNK(sb.st_mode)) {
			k = readlink(pre, tgt, sizeof(tgt) - 1);
			if (k <= 0)
				return pre;
			tgt[k] = '\0';
			dir = path_dirname(pre);
			next = tgt[0] == '/' ? xasprintf("%s%s", tgt, p + j)
					     : xasprintf("%s/%s%s", dir, tgt, p + j);
			free(dir);
			free(pre);
			pre = foreign_on_way(next, depth + 1);
			free(next);
			return pre;
		}
		free(pre);
		i = j + 1;
	}
	return NULL;
}

static const char *check_above(const char *path, const char *what);

const char *tmpdir_settle_foreign(void)
{
	const char *t = getenv("TMPDIR");

	free(trusted);
	free(resolved);
	trusted = resolved = NULL;
	if (t && t[0] == '/' && path_normalize(t, strlen(t), NULL, NULL, &trusted) != PATH_OK) {
		free(trusted);
		trusted = NULL;
	}
	return trusted;
}

const char *tmpdir_settle(const char *home, const char *const *keep, size_t n)
{
	const char *t = getenv("TMPDIR"), *why, *path;
	cleanup_free char *rhome = NULL, *foreign = NULL;

	free(trusted);
	free(resolved);
	trusted = resolved = NULL;
	if (!t || t[0] != '/' || path_normalize(t, strlen(t), NULL, NULL, &trusted) != PATH_OK) {
		free(trusted);
		trusted = NULL;
		return NULL;
	}
	resolved = path_resolve(trusted);
	if ((why = bad(home, &path)) != NULL) {
		warn_drop(why, path);
		return NULL;
	}
	if ((foreign = foreign_on_way(trusted, 0)) != NULL) {
		warn_drop("is reached through an entry of another user's (or an absent one),",
			  foreign);
		return NULL;
	}
	rhome = home ? path_resolve(home) : NULL;
	if (rhome && covers(rhome)) {
		warn_drop("holds the home folder", home);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (keep[i] && !check_above(keep[i], "holds fsjail's folder"))
			return NULL;
	return check_above(above, above_what);
}

const char *tmpdir_forbid_above(const char *path, const char *what)
{
	if (path && path != above) {
		free(above);
		above = xstrdup(path);
		above_what = what;
	}
	return check_above(path, what);
}

/* tmpdir_forbid_above() without remembering path. */
static const char *check_above(const char *path, const char *what)
{
	cleanup_free char *r = NULL;

	/* /tmp and /var/tmp are open whole anyway: nothing more granted */
	if (!trusted || !path || in_tmp())
		return trusted;
	r = path_resolve(path);
	if (covers(path) || covers(r))
		warn_drop(what, path);
	return trusted;
}

const char *tmpdir_get(void)
{
	return trusted;
}
