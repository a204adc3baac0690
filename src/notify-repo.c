/* notify-repo.c - repository metadata wherever the command can write: the
 * listener's rule "repository-metadata" for the git repositories the
 * start-of-run scan (repometa.c) does not see: those outside the
 * workspace (/tmp/somerepo/.git, a bare /tmp/origin.git) and above it
 * (a parent opened by --grant). DESIGN.md section 3 protects the metadata
 * of the repositories at or under the workspace; this extends the same
 * class to every folder the command can write, at the one place every
 * change passes: the supervisor performs each trapped create, write-open,
 * truncate, unlink, rename, link, symlink and mkdir (notify-ops.c).
 *
 * The rule. A change (create, write, delete, or a rename onto or away) of
 * the name N in the folder D is refused (EACCES, recorded with rule id
 * "repository-metadata") when
 *   - N is config, config.worktree, hooks, info, commondir or gitdir (the
 *     last two tell git where a gitdir takes config and hooks from; they
 *     may be deleted, as git worktree remove does), and G = D; or D is, or
 *     lies under, a folder named hooks, or one named info by way of its
 *     attributes, exclude, sparse-checkout or grafts (not refs, which
 *     every repack rewrites), and G is that folder's parent;
 *   - G is a gitdir by git's own test (setup.c is_git_directory(): HEAD a
 *     regular file or symbolic link, and objects/ and refs/ folders or a
 *     commondir file), or G is named .git;
 *   - G was not made by the command in this run (notify_made_here());
 *     gitdirs it made are notify-newrepo.c's (inert config, .sample or template hooks).
 * A .git regular file (a linked worktree's or a submodule's pointer) may
 * be deleted (git worktree remove) but not written, nor made or replaced
 * in a folder the run did not make outside the workspace (inside, the
 * scan's rules decide: `git submodule update` makes sub/.git files, and
 * one the scan protected comes back with its start-of-run bytes,
 * notify-gitfile.c); a .git folder, or a NAME.git
 * folder of gitdir shape, the run did not make may not be renamed away
 * (a new one made in its place would carry the command's hooks).
 *
 * Why name + shape + made set is enough: git finds hooks, config and the
 * info files by these names in the gitdir only (core.hooksPath aside), or
 * in the folder a commondir there names, so
 * a change that never touches these names in a gitdir cannot make git
 * run anything; the gitdir test is git's, so what git will take for a
 * repository is what is protected; a gitdir the command made held nothing
 * of the user's, and notify-newrepo.c keeps code out of it. Everything is
 * checked with fstatat() on the directory descriptors the lookup holds
 * and ".." from them, each step checked to be the named child; the
 * resolved path string only says which ancestors to look at.
 *
 * Cost: the string test on N and D's path comes first; a call whose name
 * and parent match nothing gets no system call from this file.
 *
 * Not covered: runs without the listener (FSJAIL_NO_NOTIFY=1, or a kernel
 * without it), where only the scan's rules hold; writes to an existing
 * file that are not trapped (backups off: the filter traps creating calls
 * only); a hooks folder that is a symbolic link, or a core.hooksPath
 * folder, of a repository outside the scan (the target folder is not
 * named hooks); mode changes (chmod +x of a hook already there). */
#ifdef __linux__
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-int.h"
#include "path.h"
#include "repoguard.h"
#include "util.h"

int nj_walk_up(int dir, size_t up, const struct repoguard_comp *names)
{
	char name[NAME_MAX + 1];
	struct stat child, held;
	int fd = fcntl(dir, F_DUPFD_CLOEXEC, 0), next;

	for (size_t i = 0; fd >= 0 && i < up; i++) {
		next = openat(fd, "..", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (next < 0 || names[i].len > NAME_MAX || fstat(fd, &child) < 0) {
			if (next >= 0)
				close(next);
			close(fd);
			return -1;
		}
		memcpy(name, names[i].name, names[i].len);
		name[names[i].len] = '\0';
		close(fd);
		fd = next;
		if (fstatat(fd, name, &held, AT_SYMLINK_NOFOLLOW) < 0 || held.st_dev != child.st_dev ||
		    held.st_ino != child.st_ino) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* Refuse for the repository whose path is the first glen bytes of path. */
static bool refuse(struct job *j, unsigned caps, const char *path, size_t glen, const char *why)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };
	enum fsj_cap cap = caps & FSJ_CAPBIT(FSJ_CAP_CREATE)  ? FSJ_CAP_CREATE
			   : caps & FSJ_CAPBIT(FSJ_CAP_WRITE) ? FSJ_CAP_WRITE
							      : FSJ_CAP_DELETE;
	char reason[PATH_MAX + 96];

	if (why)
		snprintf(reason, sizeof(reason), "%s", why);
	else
		snprintf(reason, sizeof(reason),
			 "metadata of the git repository at %.*s (outside the scan)", (int)glen, path);
	nj_refuse(j, cap, path, reason, EACCES, &d);
	return false;
}

/* G (fd) is a gitdir the run did not make: the change is refused. */
static bool protects(const struct job *j, int g, const char *gname, size_t glen)
{
	struct stat st;

	if (!repoguard_gitdir_at(g, gname, glen))
		return false;
	return fstat(g, &st) < 0 || !notify_made_here(j->nt, &st);
}

ssize_t nj_list_dir(int dir, char (*names)[NAME_MAX + 1], size_t max)
{
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	ssize_t n = 0;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (n >= 0 && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if ((size_t)n == max)
			n = -1;
		else
			snprintf(names[n++], NAME_MAX + 1, "%s", e->d_name);
	}
	closedir(d);
	return n;
}

/* Whether the folder name in dir holds no entry (or cannot be read). */
static bool dir_empty(int dir, const char *name)
{
	int fd = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	bool empty = true;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return true;
	}
	while (empty && (e = readdir(d)))
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	closedir(d);
	return empty;
}

/* A .git name (see the file comment); new_type as for nj_repo_ok(). */
static bool dotgit_ok(struct job *j, int dir, const struct loc *l, unsigned caps,
		      mode_t new_type, size_t dlen)
{
	struct stat st;
	bool dir_made = fstat(dir, &st) == 0 && notify_made_here(j->nt, &st);

	if (l->obj >= 0 && S_ISDIR(l->st.st_mode)) {
		if (!(caps & FSJ_CAPBIT(FSJ_CAP_DELETE)) || notify_made_here(j->nt, &l->st))
			return true;
		/* rmdir(2) never removes a folder that holds entries: answer
		 * as the kernel would, nothing was tried against the rule */
		if (new_type == NJ_REPO_RMDIR && !dir_empty(dir, l->name)) {
			nj_answer(j, ENOTEMPTY);
			return false;
		}
		return refuse(j, caps, l->path, strlen(l->path), NULL);
	}
	if ((caps & FSJ_CAPBIT(FSJ_CAP_WRITE)) && l->obj >= 0 && !notify_made_here(j->nt, &l->st))
		return refuse(j, caps, l->path, dlen,
			      "a linked worktree's .git file (outside the scan): delete only");
	/* git never makes one; it would point git in that folder at any
	 * folder shaped as a gitdir, a hostile checkout's bare fixture
	 * with its config and hooks among them (att9) */
	if ((caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && new_type == S_IFLNK)
		return refuse(j, caps, l->path, dlen, "a .git symbolic link");
	/* under the workspace the scan's rules decide (a submodule's .git
	 * file made by `git submodule update` in a checked-out folder) */
	if ((caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && new_type != S_IFDIR && !dir_made &&
	    !(j->nt->pol->workspace && path_covers(j->nt->pol->workspace, l->path)))
		return refuse(j, caps, l->path, dlen,
			      "a .git file in a folder the command did not make (outside the scan); "
			      "one it makes may hold one: for git worktree add, grant a folder "
			      "above the worktree, not the worktree itself");
	return true;
}

/* See notify-int.h (rule, arguments and answer). */
bool nj_repo_ok(struct job *j, const struct loc *l, unsigned caps, mode_t new_type)
{
	const char *path = l->path;
	struct repoguard rg;
	cleanup_fd int own = -1;
	char name[NAME_MAX + 1];
	int dir = l->parent;
	bool bare;

	nj_shape_note(j, l, caps, new_type);
	if (j->nt->repository_off || !path || !(caps & FSJ_CAPS_MODIFY))
		return true;
	if (!nj_newrepo_ok(j, l, caps, new_type))
		return false;
	/* the names alone first (repoguard.c): no system call when they
	 * match nothing */
	if (!repoguard_scan(path, &rg))
		return true;
	bare = rg.named_git && l->obj >= 0 && S_ISDIR(l->st.st_mode) &&
	       (caps & FSJ_CAPBIT(FSJ_CAP_DELETE));
	if (!rg.dotgit && !bare && rg.n_g == 0)
		return true;
	if (dir < 0) { /* a magic object: its folder, checked to hold it */
		own = notify_reparent(l, name);
		if (own < 0)
			return refuse(j, caps, path, rg.dlen, "repository metadata: no folder to check");
		dir = own;
	}
	if (rg.dotgit)
		return dotgit_ok(j, dir, l, caps, new_type, rg.dlen);
	/* a NAME.git folder of gitdir shape the run did not make may not be
	 * removed or renamed away */
	if (bare && repoguard_gitdir_at(l->obj, rg.base, strlen(rg.base)) &&
	    !notify_made_here(j->nt, &l->st))
		return refuse(j, caps, path, strlen(path), NULL);
	/* a linked worktree's commondir and gitdir: delete is git's own
	 * (worktree remove, prune); what they say is not changed */
	for (size_t i = rg.pointer && !(caps & ~FSJ_CAPBIT(FSJ_CAP_DELETE)) ? 1 : 0; i < rg.n_g;
	     i++) {
		size_t k = rg.g[i];
		const struct repoguard_comp *gc = &rg.up[k];
		cleanup_fd int g = k ? nj_walk_up(dir, k, rg.up) : -1;

		if (k && g < 0) /* cannot tell: fail closed */
			return refuse(j, caps, path, rg.dlen,
				      "repository metadata: the folders above changed during the call");
		if (protects(j, k ? g : dir, gc->name, gc->len))
			return refuse(j, caps, path, (size_t)(gc->name + gc->len - path), NULL);
	}
	return true;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_repo_not_this_system;
#endif /* __linux__ */
