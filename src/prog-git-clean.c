/* prog-git-clean.c - the nested repositories `git clean -ff` removes
 * (prog-git-clean.h). git's dir.c takes a folder holding a .git as a
 * repository of its own and leaves it to one -f; given twice, it removes
 * it whole, its .git folder included. Submodules and linked worktrees have
 * a .git file and are tracked (a gitlink): git leaves them. */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirstream.h"
#include "gitindex.h"
#include "path.h"
#include "prog-git-clean.h"
#include "util.h"

/* a check of a line walks no more than this (a node_modules tree) */
#define PROG_GIT_CLEAN_MAX 50000u
#define PROG_GIT_CLEAN_DEPTH 32

struct walk {
	struct git *g;
	size_t seen;
};

/* Whether dir/.git is a folder (not a symlink, not a .git file). */
static bool has_git_folder(int dfd)
{
	struct stat st;

	return fstatat(dfd, ".git", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

/* Whether the index of g has rel (a gitlink) or a path beneath it. */
static bool tracked(struct git *g, const char *rel)
{
	struct gitindex idx = { 0 };
	const char *common = prog_git_common(g);
	bool any;

	if (!g->gitdir || !common)
		return true; /* not known: as before, not named */
	if (gitindex_read(g->gitdir, gitindex_oid_len(common), rel, &idx) < 0 && idx.n == 0) {
		gitindex_release(&idx);
		return false;
	}
	any = idx.n > 0 || idx.more > 0;
	gitindex_release(&idx);
	return any;
}

static void walk_dir(struct walk *w, const char *dir, int depth)
{
	struct dirent *de;
	DIR *d;
	int fd;

	if (depth > PROG_GIT_CLEAN_DEPTH || w->seen >= PROG_GIT_CLEAN_MAX)
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = dir_stream(fd)))
		return;
	while ((de = readdir(d)) != NULL && w->seen < PROG_GIT_CLEAN_MAX) {
		cleanup_free char *sub = NULL;
		struct stat st;
		int sfd;

		w->seen++;
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0 ||
		    strcmp(de->d_name, ".git") == 0)
			continue;
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISDIR(st.st_mode))
			continue;
		sub = path_join(dir, de->d_name);
		sfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sfd < 0)
			continue;
		if (has_git_folder(sfd)) {
			const char *top = w->g->worktree;
			size_t n = top ? strlen(top) : 0;

			close(sfd);
			if (top && strncmp(sub, top, n) == 0 && sub[n] == '/' &&
			    !tracked(w->g, sub + n + 1)) {
				size_t from = w->g->a->out->n;

				prog_git_at(w->g, M_DELETE, prog_git_join(w->g, dir, de->d_name),
					    NULL);
				effects_mark_recursive(w->g->a, from);
			}
			continue; /* git does not look inside another repository */
		}
		close(sfd);
		walk_dir(w, sub, depth + 1);
	}
	closedir(d);
}

void prog_git_clean_nested(struct git *g, const char *from)
{
	struct walk w = { g, 0 };

	if (!from || !g->worktree)
		return;
	walk_dir(&w, from, 0);
}
