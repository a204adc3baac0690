/* ctx-homecode.c - the user's code the environment names under ~
 * (ctx-homecode.h). */
#include <errno.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ctx-homecode.h"
#include "path.h"
#include "tmpdir.h"
#include "util.h"

/* Add a protected rule on the normalised absolute path p (spelled resolved
 * as res) unless pol already refuses creating there at the protected
 * level. */
static void protect(struct fsj_policy *pol, char *p, char *res, bool folder, char *origin)
{
	struct fsj_decision d;
	struct fsj_rule r = {
		.path = p,
		.resolved = res,
		.recursive = folder,
		.deny = FSJ_CAPS_MODIFY,
		.source = FSJ_SRC_PROTECTED,
		.origin = origin,
	};

	policy_decide(pol, p, res, FSJ_CAP_CREATE, &d);
	if (!d.allowed && d.level == FSJ_LEVEL_PROTECTED &&
	    (!folder || d.rule == NULL || d.rule->recursive))
		return;
	policy_add_rule(pol, &r);
}

/* A spelling (as written or resolved) of dir lies strictly under home (or
 * another root), and neither spelling is at, above or under the
 * workspace. */
static bool home_folder(const char *dir, const char *res, const char *home, const char *ws)
{
	const char *sp[2] = { dir, res };
	bool under = false;

	for (int i = 0; i < 2; i++) {
		if (ws && (path_covers(sp[i], ws) || path_covers(ws, sp[i])))
			return false;
		under = under || (home && path_covers(home, sp[i]) && strcmp(home, sp[i]) != 0);
	}
	return under;
}

/* The temporary folders the baseline opens whole (/tmp, /var/tmp,
 * $TMPDIR), as written and resolved, into roots[6] (NULL where none);
 * the caller frees each. */
static void temp_roots(char *roots[6])
{
	const char *t = tmpdir_get(); /* tmpdir.h: the one trusted */
	char *tn = NULL;

	roots[0] = xstrdup("/tmp");
	roots[1] = xstrdup("/var/tmp");
	roots[2] = t && t[0] == '/' && path_normalize(t, strlen(t), NULL, NULL, &tn) == PATH_OK
			   ? tn
			   : NULL;
	roots[3] = path_resolve("/tmp");
	roots[4] = path_resolve("/var/tmp");
	roots[5] = tn ? path_resolve(tn) : NULL;
}

/* Whether dir lies strictly under one of roots (temp_roots()). */
static bool temp_folder(const char *dir, const char *res, const char *ws, char *const roots[6])
{
	for (size_t i = 0; i < 6; i++)
		if (roots[i] && strcmp(roots[i], "/") != 0 && home_folder(dir, res, roots[i], ws))
			return true;
	return false;
}

/* A $PATH element "~NAME" or "~NAME/..." (len bytes at p): bash(1)
 * expands it with NAME's home from the user database when it looks a
 * command up, as it does a leading "~" (att10: "~root/bin" was taken for
 * a relative element and left open). The normalised folder (caller
 * frees), or NULL when NAME has no home there. */
static char *tilde_user(const char *p, size_t len)
{
	const char *slash = memchr(p, '/', len);
	size_t n = slash ? (size_t)(slash - p - 1) : len - 1;
	cleanup_free char *name = xstrndup(p + 1, n), *full = NULL;
	struct passwd *pw = getpwnam(name);
	char *dir = NULL;

	if (!pw || !pw->pw_dir || pw->pw_dir[0] != '/')
		return NULL;
	full = xasprintf("%s/%.*s", pw->pw_dir, (int)(len - 1 - n), p + 1 + n);
	if (path_normalize(full, strlen(full), NULL, NULL, &dir) != PATH_OK)
		return NULL;
	return dir;
}

static void path_folders(struct fsj_policy *pol, const char *home, const char *ws,
			 const char *p)
{
	cleanup_free char *home_res = home ? path_resolve(home) : NULL;
	char *tmp[6];

	temp_roots(tmp);

	while (p && *p) {
		size_t len = strcspn(p, ":");
		cleanup_free char *dir = NULL, *res = NULL;

		/* a relative entry (".", "bin") moves with the current folder:
		 * none is protected, as none is under ~ for sure; a leading
		 * "~" or "~/" is the home, "~NAME" NAME's (bash(1)
		 * expands them in a PATH element when it looks a command
		 * up) */
		bool tilde = p[0] == '~' && (len == 1 || p[1] == '/');
		cleanup_free char *named = p[0] == '~' && !tilde ? tilde_user(p, len) : NULL;

		if (named)
			dir = named, named = NULL;
		else if ((p[0] == '/' || tilde) &&
			 path_normalize(p, len, tilde ? home : NULL, NULL, &dir) != PATH_OK)
			dir = NULL;
		if (dir) {
			res = path_resolve(dir);
			if (home_folder(dir, res, home, ws) ||
			    home_folder(dir, res, home_res, ws))
				protect(pol, dir, res, true, "a $PATH folder under ~");
			else if (temp_folder(dir, res, ws, tmp))
				protect(pol, dir, res, true,
					"a $PATH folder under a temporary folder");
		}
		p += len + (p[len] == ':');
	}
	for (size_t i = 0; i < 6; i++)
		free(tmp[i]);
}

/* A file the environment names: absolute, and a regular file or missing. */
static void named_file(struct fsj_policy *pol, const char *v, char *origin)
{
	cleanup_free char *n = NULL, *res = NULL;
	struct stat st;

	if (!v || v[0] != '/' || path_normalize(v, strlen(v), NULL, NULL, &n) != PATH_OK)
		return;
	if (stat(n, &st) < 0 ? errno != ENOENT : !S_ISREG(st.st_mode))
		return;
	res = path_resolve(n);
	protect(pol, n, res, false, origin);
}

void ctx_homecode_rules(struct fsj_policy *pol, const char *home, const char *workspace,
			const char *path_env)
{
	static const char *const vars[] = { "PYTHONSTARTUP", "BASH_ENV", "ENV", "PIP_CONFIG_FILE" };
	static const char *const zsh[] = { ".zshenv", ".zprofile", ".zshrc", ".zlogin",
					   ".zlogout" };
	const char *zd = getenv("ZDOTDIR");

	path_folders(pol, home, workspace, path_env);
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		cleanup_free char *origin = xasprintf("the file $%s names", vars[i]);

		named_file(pol, getenv(vars[i]), origin);
	}
	for (size_t i = 0; zd && zd[0] == '/' && i < sizeof(zsh) / sizeof(zsh[0]); i++) {
		cleanup_free char *f = xasprintf("%s/%s", zd, zsh[i]);

		named_file(pol, f, "zsh's start-up files in $ZDOTDIR");
	}
}
