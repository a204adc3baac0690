/* repoguard.c - which names under a git directory the listener guards
 * (see repoguard.h); shared by notify-repo.c, notify-gitcfg.c and
 * repoexplain.c. */
#include "repoguard.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

static bool is(const char *n, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(n, lit, len) == 0;
}

static bool ends_git(const char *n, size_t len)
{
	return len >= 4 && memcmp(n + len - 4, ".git", 4) == 0;
}

bool repoguard_meta_name(const char *n, size_t len)
{
	/* commondir and gitdir say where git takes the rest from: a
	 * commondir written into a gitdir sends git to another folder's
	 * config and hooks (alias26: `echo /tmp/x > REPO/.git/commondir`,
	 * and the host's git took /tmp/x for the repository) */
	return is(n, len, "config") || is(n, len, "config.worktree") || is(n, len, "hooks") ||
	       is(n, len, "info") || is(n, len, "commondir") || is(n, len, "gitdir");
}

bool repoguard_info_file(const char *n, size_t len)
{
	return is(n, len, "attributes") || is(n, len, "exclude") ||
	       is(n, len, "sparse-checkout") || is(n, len, "grafts");
}

bool repoguard_scan(const char *path, struct repoguard *out)
{
	const char *p;
	size_t blen;

	memset(out, 0, sizeof(*out));
	if (!path || path[0] != '/' || strcmp(path, "/") == 0)
		return false;
	out->base = strrchr(path, '/') + 1;
	blen = strlen(out->base);
	out->dlen = out->base > path + 1 ? (size_t)(out->base - 1 - path) : 1;
	for (p = out->base - 1; p > path && out->n_up < REPOGUARD_MAX_UP;) {
		const char *s = p;

		while (s > path && s[-1] != '/')
			s--;
		out->up[out->n_up].name = s;
		out->up[out->n_up].len = (size_t)(p - s);
		out->n_up++;
		p = s - 1;
	}
	out->dotgit = is(out->base, blen, ".git");
	out->pointer = is(out->base, blen, "commondir") || is(out->base, blen, "gitdir");
	out->named_git = !out->dotgit && blen > 4 && ends_git(out->base, blen);
	if (repoguard_meta_name(out->base, blen) && out->n_up > 0)
		out->g[out->n_g++] = 0;
	/* D is, or lies under, hooks, or info by way of one of its files */
	for (size_t k = 0; k + 1 < out->n_up; k++) {
		const struct repoguard_comp *c = &out->up[k];
		const char *below = k ? out->up[k - 1].name : out->base;
		size_t blw = k ? out->up[k - 1].len : blen;

		if (is(c->name, c->len, "hooks") ||
		    (is(c->name, c->len, "info") && repoguard_info_file(below, blw)))
			out->g[out->n_g++] = k + 1;
	}
	return out->dotgit || out->named_git || out->n_g > 0;
}

bool repoguard_gitdir(const char *name, size_t len, bool head_file_or_link,
		      bool commondir_file, bool objects_dir, bool refs_dir)
{
	if (is(name, len, ".git"))
		return true;
	return head_file_or_link && (commondir_file || (objects_dir && refs_dir));
}

bool repoguard_gitdir_at(int dir, const char *name, size_t len)
{
	struct stat st;
	bool head, cd = false, obj = false, refs = false;

	if (is(name, len, ".git"))
		return true;
	head = fstatat(dir, "HEAD", &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	       (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode));
	if (head) {
		cd = fstatat(dir, "commondir", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
		obj = !cd && fstatat(dir, "objects", &st, 0) == 0 && S_ISDIR(st.st_mode);
		refs = obj && fstatat(dir, "refs", &st, 0) == 0 && S_ISDIR(st.st_mode);
	}
	return repoguard_gitdir(name, len, head, cd, obj, refs);
}

bool repoguard_discovery(const char *workspace, const char *path)
{
	const char *base = path ? strrchr(path, '/') : NULL;
	size_t wl;

	if (!base || strcmp(base + 1, "HEAD") != 0 || !workspace || workspace[0] != '/')
		return false;
	wl = strcmp(workspace, "/") == 0 ? 0 : strlen(workspace);
	/* strictly under the workspace */
	if (strncmp(path, workspace, wl) != 0 || path[wl] != '/' || base < path + wl)
		return false;
	for (const char *c = path + wl + 1; c < base;) {
		const char *e = strchr(c, '/');

		if (ends_git(c, (size_t)(e - c)))
			return false;
		c = e + 1;
	}
	return true;
}

bool repoguard_lock_rename(const char *from_name, const char *to_name)
{
	return from_name && to_name &&
	       ((strcmp(from_name, "config.lock") == 0 && strcmp(to_name, "config") == 0) ||
		(strcmp(from_name, "HEAD.lock") == 0 && strcmp(to_name, "HEAD") == 0));
}
