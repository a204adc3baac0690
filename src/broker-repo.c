/* broker-repo.c - the broker never changes git repository metadata (see
 * broker-hostop-int.h broker_repo_refused()).
 *
 * WHY BY NAME. The listener guards repository metadata with rules that
 * are not Landlock rules and that the broker's policy and fence checks do
 * not see: repositories outside the workspace (notify-repo.c), the ones
 * the command makes (notify-newrepo.c: inert config keys, .sample hooks,
 * the gitdir shape formed next to a config), and a HEAD planted for git's
 * discovery (notify-gitcfg.c). Through the broker a command copied a hook
 * into a repository it made and into a bare one under /tmp, renamed a
 * config with core.fsmonitor over theirs, touched a HEAD in the
 * workspace, and the user's next git ran both (found by att3; t0229).
 * git never talks to the broker, so the broker refuses, fail closed,
 * every operation on a name the listener's rules could concern: one that
 * repoguard_scan() flags (config, config.worktree, hooks, info, .git,
 * NAME.git, or below hooks or info), anything below a .git or NAME.git
 * folder or in a todo folder (rebase-merge, rebase-apply, sequencer: git
 * runs their exec lines), one of the names that make a gitdir (HEAD,
 * objects, refs, commondir, gitdir), and a folder moved or linked
 * with one of those gitdir names inside it (its tree is walked, bounded;
 * a tree too deep or too large is refused): without them no config it
 * carries is read by git, and a gitdir shape formed later by the
 * command's own calls meets the listener. Names git does not guard
 * (a folder called config) may be refused too: git never needs it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "broker-hostop-int.h"
#include "gitlink.h"
#include "repoguard.h"

#define WALK_MAX_DEPTH 64
#define WALK_MAX_ENTRIES 100000

/* A name that makes a folder a gitdir, or that git reads as one. */
static bool shape_name(const char *n, size_t len)
{
	static const char *const names[] = { "HEAD",      "objects", "refs",
					     "commondir", "gitdir",  ".git" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == len && memcmp(n, names[i], len) == 0)
			return true;
	return len > 4 && memcmp(n + len - 4, ".git", 4) == 0;
}

/* A folder of git's todo lists, whose exec lines git rebase --continue
 * and git cherry-pick --continue run (notify-newrepo.c todo_name()). */
static bool todo_dir_name(const char *n, size_t len)
{
	return (len == 12 && memcmp(n, "rebase-merge", 12) == 0) ||
	       (len == 12 && memcmp(n, "rebase-apply", 12) == 0) ||
	       (len == 9 && memcmp(n, "sequencer", 9) == 0);
}

/* broker-int.h: repoguard_scan() says so, or a component is .git,
 * NAME.git or a todo folder (anything inside them), or the last is a name
 * that makes a gitdir. */
bool broker_repo_guarded(const char *path)
{
	struct repoguard g;
	const char *p, *e;
	size_t n;

	if (!path || !path[0] || strcmp(path, "/") == 0)
		return false;
	if (repoguard_scan(path, &g))
		return true;
	for (p = path; *p; p = *e ? e + 1 : e) {
		while (*p == '/')
			p++;
		e = p + strcspn(p, "/");
		n = (size_t)(e - p);
		if (n && (todo_dir_name(p, n) ||
			  (shape_name(p, n) && (!*e || (n >= 4 && memcmp(e - 4, ".git", 4) == 0)))))
			return true;
	}
	return false;
}

/* true when the folder dir (owned, closed here) holds a gitdir name at
 * any depth, or when the walk cannot tell (too deep, too large, an
 * error). *left counts the entries still allowed. */
static bool tree_guarded(int dir, int depth, long *left)
{
	DIR *d;
	struct dirent *e;
	bool hit = false;

	if (dir < 0 || depth > WALK_MAX_DEPTH)
		return (void)(dir >= 0 && close(dir)), true;
	d = fdopendir(dir);
	if (!d)
		return (void)close(dir), true;
	while (!hit && (errno = 0, e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (--*left < 0 || shape_name(e->d_name, strlen(e->d_name)) ||
		    todo_dir_name(e->d_name, strlen(e->d_name))) {
			hit = true;
			break;
		}
		if (e->d_type == DT_DIR || e->d_type == DT_UNKNOWN) {
			int sub = openat(dirfd(d), e->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			if (sub < 0 && errno != ENOTDIR && errno != ELOOP)
				hit = true;
			else if (sub >= 0)
				hit = tree_guarded(sub, depth + 1, left);
		}
	}
	if (!hit && errno)
		hit = true;
	closedir(d);
	return hit;
}

const char *broker_repo_refused(const struct op *o, bool symbolic)
{
	static const char why[] = "repository metadata is never changed through the broker "
				  "(repository-metadata)";
	long left = WALK_MAX_ENTRIES;

	if (!symbolic &&
	    (broker_repo_guarded(o->from.path) || broker_repo_guarded(o->from.resolved)) &&
	    o->kind != HOSTOP_COPY)
		return why;
	if (o->has_to && (broker_repo_guarded(o->to.path) || broker_repo_guarded(o->to.resolved)))
		return why;
	/* No symbolic link, FIFO or socket in a gitdir, whatever its name
	 * (a bare repository called origin): git writes through one
	 * (gitlink.h). A folder moved there must hold none. */
	if (o->has_to && (symbolic || (o->from.exists && (gitlink_type(o->from.st.st_mode & S_IFMT) ||
							   S_ISDIR(o->from.st.st_mode))))) {
		int in = o->to.dirfd >= 0 ? gitlink_in_gitdir(o->to.dirfd, o->to.parent) : -1;

		if (in != 0 && (symbolic || !S_ISDIR(o->from.st.st_mode)))
			return why;
		if (!symbolic && S_ISDIR(o->from.st.st_mode) && o->from.dirfd >= 0) {
			int dir = openat(o->from.dirfd, o->from.name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			bool bad = dir < 0 ||
				   ((in != 0 || gitlink_gitdir_able(dir, o->to.name, strlen(o->to.name))) &&
				    gitlink_tree_special(dir) != 0);

			if (dir >= 0)
				close(dir);
			if (bad)
				return why;
		}
	}
	/* A folder moved or linked brings its whole tree to the new name. */
	if ((o->kind == HOSTOP_RENAME || (o->kind == HOSTOP_LINK && !symbolic)) && o->from.exists &&
	    S_ISDIR(o->from.st.st_mode) &&
	    tree_guarded(openat(o->from.dirfd, o->from.name,
				O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC),
			 0, &left))
		return why;
	return NULL;
}
