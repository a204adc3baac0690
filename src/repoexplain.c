/* repoexplain.c - the listener's repository rules predicted from paths,
 * for explain and status (see repoexplain.h). The decision on the names
 * and the gitdir test are repoguard.c's, the very functions the listener
 * (notify-repo.c nj_repo_ok(), notify-gitcfg.c nj_discovery_ok()) calls;
 * what is left here is reading the facts through paths and the wording.
 * Nothing here enforces anything. */

#include "repoexplain.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "repoexplain-gitdir.h"
#include "repoguard.h"
#include "repometa-rule.h"
#include "util.h"

static const struct fsj_rule discovery_rule = {
	.id = (char *)"repository-discovery",
	.deny = FSJ_CAPBIT(FSJ_CAP_CREATE),
	.source = FSJ_SRC_PROTECTED,
	.origin = (char *)"listener",
};

#ifndef O_PATH
#define O_PATH O_RDONLY /* macOS: the listener and this are Linux's anyway */
#endif

/* The folder path[0..len) is a gitdir by the listener's test
 * (repoguard_gitdir_at()), read through the path as it is now. */
static bool is_gitdir(const char *path, size_t len)
{
	cleanup_free char *dir = xstrndup(path, len);
	const char *name = strrchr(dir, '/') + 1;
	cleanup_fd int fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);

	return fd >= 0 && repoguard_gitdir_at(fd, name, strlen(name));
}

static bool refuse(struct repoexplain *out, const struct fsj_rule *rule, char *reason)
{
	out->rule = rule;
	out->reason = reason;
	return true;
}

bool repoexplain_refuses(const char *workspace, const char *path, enum fsj_cap cap,
			 bool writes_trapped, struct repoexplain *out)
{
	struct repoguard rg;
	cleanup_free char *dir = NULL;
	struct stat st;
	bool exists, made;

	if (!path || path[0] != '/' || strcmp(path, "/") == 0 ||
	    !(FSJ_CAPBIT(cap) & FSJ_CAPS_MODIFY))
		return false;
	dir = path_dirname(path);
	/* a folder not there now is one the command makes in its run
	 * (notify_made_here()): the listener lets it hold a .git file (a
	 * HEAD too, but only once refs/ is there: not known from a path) */
	made = lstat(dir, &st) < 0 && errno == ENOENT;
	exists = lstat(path, &st) == 0;
	if (cap == FSJ_CAP_WRITE && exists && !writes_trapped && S_ISREG(st.st_mode))
		return false; /* not trapped: the kernel's rules alone decide */
	if (cap == FSJ_CAP_CREATE && repoguard_discovery(workspace, path))
		return refuse(
			out, &discovery_rule,
			xstrdup("a HEAD outside a gitdir makes git take its folder for one "
				"(a HEAD is made only below a .git or NAME.git folder, or in a "
				"folder the command made with refs/ in this run)"));
	if (!repoguard_scan(path, &rg))
		return false;
	if (rg.dotgit) {
		if (exists && S_ISDIR(st.st_mode))
			return cap == FSJ_CAP_DELETE &&
			       refuse(out, &repometa_rule,
				      xasprintf(
					      "the .git folder of %s may not be removed or "
					      "renamed away (one made in its place would carry the "
					      "command's hooks)",
					      dir));
		if (exists && cap == FSJ_CAP_WRITE)
			return refuse(out, &repometa_rule,
				      xasprintf("%s names the gitdir of a linked worktree or "
						"submodule: delete only",
						path));
		if (cap == FSJ_CAP_CREATE && !made && !(workspace && path_covers(workspace, path)))
			return refuse(
				out, &repometa_rule,
				xstrdup("a .git file in a folder the command did not make "
					"(outside the workspace); a .git folder may be made, and a "
					"folder the command makes may hold a .git file (git worktree "
					"add: grant a folder above the worktree)"));
		return false;
	}
	if (rg.named_git && exists && S_ISDIR(st.st_mode) && cap == FSJ_CAP_DELETE &&
	    is_gitdir(path, strlen(path)))
		return refuse(out, &repometa_rule,
			      xasprintf("the git repository at %s may not be removed or renamed "
					"away",
					path));
	for (size_t i = rg.pointer && cap == FSJ_CAP_DELETE ? 1 : 0; i < rg.n_g; i++) {
		const struct repoguard_comp *gc = &rg.up[rg.g[i]];
		size_t glen = (size_t)(gc->name + gc->len - path);

		if (is_gitdir(path, glen))
			return refuse(out, &repometa_rule,
				      xasprintf("metadata of the git repository at %.*s (in one "
						"the command made in this run: inert config "
						"keys, .sample or template hooks only)",
						(int)glen, path));
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

		if (lstat(cur, &st) == 0 && S_ISDIR(st.st_mode) && is_gitdir(cur, strlen(cur))) {
			bool in = workspace && path_covers(workspace, cur);
			char *n = repoexplain_gitdir_note(cur, path, in);

			if (n || in)
				return n; /* in: the scan's rules, shown above */
			return xasprintf(
				"%s is a git repository outside the workspace: the "
				"listener refuses changes to its hooks/, config, config.worktree and "
				"info/{attributes,exclude,sparse-checkout,grafts} (rule "
				"'repository-metadata'); the rest of it is as the rules above say",
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
					"names or the template's hooks only (rule 'repository-metadata')",
					dotgit);
		}
	}
	return NULL;
}
