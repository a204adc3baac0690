/* repoexplain.c - the listener's repository rules predicted from paths,
 * for explain and status (see repoexplain.h). Each test mirrors one in
 * notify-repo.c nj_repo_ok() or notify-gitcfg.c nj_discovery_ok(); keep
 * them in step. Nothing here enforces anything. */

#include "repoexplain.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "path.h"
#include "util.h"

static const struct fsj_rule meta_rule = {
	.id = (char *)"repository-metadata",
	.recursive = true,
	.deny = FSJ_CAPS_MODIFY,
	.source = FSJ_SRC_PROTECTED,
	.origin = (char *)"listener",
};

static const struct fsj_rule discovery_rule = {
	.id = (char *)"repository-discovery",
	.deny = FSJ_CAPBIT(FSJ_CAP_CREATE),
	.source = FSJ_SRC_PROTECTED,
	.origin = (char *)"listener",
};

static bool is_meta_name(const char *n)
{
	return strcmp(n, "config") == 0 || strcmp(n, "config.worktree") == 0 ||
	       strcmp(n, "hooks") == 0 || strcmp(n, "info") == 0;
}

/* notify-repo.c info_file(): the first name under info/ (up to a '/'). */
static bool info_file(const char *n)
{
	static const char *const names[] = { "attributes", "exclude", "sparse-checkout", "grafts" };
	size_t len = strcspn(n, "/");

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == len && strncmp(n, names[i], len) == 0)
			return true;
	return false;
}

static bool ends_git(const char *s, size_t n)
{
	return n >= 4 && strncmp(s + n - 4, ".git", 4) == 0;
}

/* notify-repo.c is_gitdir(): named .git, or HEAD (file or symlink) with
 * a commondir file or objects/ and refs/ folders. */
static bool is_gitdir(const char *dir)
{
	const char *base = strrchr(dir, '/');
	cleanup_free char *head = path_join(dir, "HEAD"), *cd = path_join(dir, "commondir");
	cleanup_free char *obj = path_join(dir, "objects"), *refs = path_join(dir, "refs");
	struct stat st;

	if (base && strcmp(base + 1, ".git") == 0)
		return true;
	if (lstat(head, &st) < 0 || !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
		return false;
	if (lstat(cd, &st) == 0 && S_ISREG(st.st_mode))
		return true;
	return stat(obj, &st) == 0 && S_ISDIR(st.st_mode) && stat(refs, &st) == 0 &&
	       S_ISDIR(st.st_mode);
}

static bool refuse(struct repoexplain *out, const struct fsj_rule *rule, char *reason)
{
	out->rule = rule;
	out->reason = reason;
	return true;
}

/* nj_discovery_ok(): HEAD made under the workspace, not below a .git or
 * NAME.git folder. */
static bool discovery(const char *ws, const char *path, const char *base)
{
	size_t wl;

	if (strcmp(base, "HEAD") != 0 || !ws || !path_covers(ws, path) || strcmp(ws, path) == 0)
		return false;
	wl = strcmp(ws, "/") == 0 ? 0 : strlen(ws);
	for (const char *c = path + wl + 1; c < base - 1;) {
		const char *e = strchr(c, '/');

		if (ends_git(c, (size_t)(e - c)))
			return false;
		c = e + 1;
	}
	return true;
}

bool repoexplain_refuses(const char *workspace, const char *path, enum fsj_cap cap,
			 bool writes_trapped, struct repoexplain *out)
{
	const char *base;
	cleanup_free char *dir = NULL;
	struct stat st;
	bool exists;

	if (!path || path[0] != '/' || strcmp(path, "/") == 0 ||
	    !(FSJ_CAPBIT(cap) & FSJ_CAPS_MODIFY))
		return false;
	base = strrchr(path, '/') + 1;
	dir = path_dirname(path);
	exists = lstat(path, &st) == 0;
	if (cap == FSJ_CAP_WRITE && exists && !writes_trapped && S_ISREG(st.st_mode))
		return false; /* not trapped: the kernel's rules alone decide */
	if (cap == FSJ_CAP_CREATE && discovery(workspace, path, base))
		return refuse(
			out, &discovery_rule,
			xstrdup("a HEAD outside a gitdir makes git take its folder for one "
				"(a HEAD is made only below a .git or NAME.git folder, or in a "
				"folder the command made with refs/ in this run)"));
	if (strcmp(base, ".git") == 0) {
		if (exists && S_ISDIR(st.st_mode))
			return cap == FSJ_CAP_DELETE &&
			       refuse(out, &meta_rule,
				      xasprintf(
					      "the .git folder of %s may not be removed or "
					      "renamed away (one made in its place would carry the "
					      "command's hooks)",
					      dir));
		if (exists && S_ISREG(st.st_mode) && cap == FSJ_CAP_WRITE)
			return refuse(out, &meta_rule,
				      xasprintf("%s names the gitdir of a linked worktree or "
						"submodule: delete only",
						path));
		if (cap == FSJ_CAP_CREATE && !(workspace && path_covers(workspace, path)))
			return refuse(
				out, &meta_rule,
				xstrdup("a .git file in a folder the command did not make "
					"(outside the workspace); a .git folder may be made"));
		return false;
	}
	if (exists && S_ISDIR(st.st_mode) && cap == FSJ_CAP_DELETE && strlen(base) > 4 &&
	    ends_git(base, strlen(base)) && is_gitdir(path))
		return refuse(out, &meta_rule,
			      xasprintf("the git repository at %s may not be removed or renamed "
					"away",
					path));
	if (is_meta_name(base) && is_gitdir(dir))
		return refuse(out, &meta_rule,
			      xasprintf("metadata of the git repository at %s (in one the command "
					"made in this run: inert config keys, .sample hooks only)",
					dir));
	/* D is, or lies under, hooks, or info by way of one of the files
	 * that steer git: G is the folder above that */
	{
		cleanup_free char *p = xstrdup(dir);
		const char *below = base; /* the name under p */

		while (strcmp(p, "/") != 0) {
			char *up = path_dirname(p);
			const char *name = strrchr(p, '/') + 1;
			bool info = strcmp(name, "info") == 0 && info_file(below);

			below = path + (name - p); /* the same name in path */
			if ((strcmp(name, "hooks") == 0 || info) && is_gitdir(up)) {
				char *why =
					xasprintf("metadata of the git repository at %s (in one "
						  "the command made in this run: inert config "
						  "keys, .sample hooks only)",
						  up);

				free(up);
				return refuse(out, &meta_rule, why);
			}
			free(p);
			p = up;
		}
	}
	return false;
}

char *repoexplain_note(const char *workspace, const char *path)
{
	cleanup_free char *cur = path ? xstrdup(path) : NULL;
	struct stat st;

	if (!cur || cur[0] != '/')
		return NULL;
	/* the nearest gitdir at or above path */
	while (strcmp(cur, "/") != 0) {
		char *up;

		if (lstat(cur, &st) == 0 && S_ISDIR(st.st_mode) && is_gitdir(cur)) {
			if (workspace && path_covers(workspace, cur))
				return NULL; /* the scan's rules, shown above */
			return xasprintf(
				"%s is a git repository outside the workspace: the "
				"listener refuses changes to its hooks/, info/, config and "
				"config.worktree (rule 'repository-metadata'); the rest of it "
				"is as the rules above say",
				cur);
		}
		up = path_dirname(cur);
		free(cur);
		cur = up;
	}
	/* a .git not there yet under the workspace */
	if (workspace && path_covers(workspace, path) && strcmp(workspace, path) != 0) {
		const char *g = strstr(path, "/.git");

		while (g && g[5] != '\0' && g[5] != '/')
			g = strstr(g + 1, "/.git");
		if (g) {
			cleanup_free char *dotgit = xstrndup(path, (size_t)(g + 5 - path));

			if (lstat(dotgit, &st) < 0)
				return xasprintf(
					"%s does not exist: in a repository the command makes "
					"there, config takes inert keys only and hooks/ .sample "
					"names only (rule 'repository-metadata')",
					dotgit);
		}
	}
	return NULL;
}
