/* notify-gitfile.c - a submodule's or linked worktree's .git file, made
 * again in the run with the bytes it had at the start (user11).
 *
 * The start-of-run scan protects each such file (repometa.c LINKED_DENY:
 * no write, no create, delete allowed): it says which gitdir, so which
 * config and hooks, git uses in that work tree. `git submodule deinit -f
 * x` deletes x/.git and `git submodule update --init` writes it again
 * ("gitdir: ../.git/modules/x", submodule.c connect_work_tree_and_git_dir());
 * refusing the create left the submodule empty until the user ran the
 * update outside fsjail.
 *
 * The rule: a create (O_CREAT, nothing at the name) of a .git file the
 * scan protected is done by the supervisor, which lands the file's bytes
 * as read at the start of the run (nj_land_bytes(): its own O_EXCL file
 * renamed into place, RENAME_NOREPLACE), and hands the caller a
 * descriptor of an anonymous memory file (memfd_create(2)) for what it
 * writes. So the name points exactly where it did when the run started,
 * at a gitdir the scan protects, whatever the caller writes: no command
 * can make it point at a gitdir of its choice. A write-open of the file
 * made so stays refused by the scan's rule, as before. What the caller
 * writes is dropped, and said after the run unless git wrote the same
 * pointer (a submodule whose name or gitdir changed gets the old one).
 *
 * Moves of the folder that holds one, and what the listener lands then:
 * notify-gitfile-land.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-gitfile-land.h"
#include "notify-gitfile.h"
#include "path.h"
#include "util.h"

/* Largest .git file kept (git's own are one short line). */
#define GITFILE_MAX 4096

static struct kept_gitfile *kept;
static size_t n_kept;

int notify_keep_gitfile(const char *path)
{
	cleanup_fd int fd = -1;
	cleanup_free char *buf = NULL;
	struct stat st;
	ssize_t r;

	if (!path || path[0] != '/')
		return -1;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    st.st_size > GITFILE_MAX)
		return -1;
	buf = xmalloc((size_t)st.st_size + 1);
	r = read(fd, buf, (size_t)st.st_size + 1);
	if (r != (ssize_t)st.st_size || strncmp(buf, "gitdir: ", 8) != 0 ||
	    memchr(buf, '\0', (size_t)r))
		return -1;
	kept = xreallocarray(kept, n_kept + 1, sizeof(*kept));
	kept[n_kept].path = xstrdup(path);
	kept[n_kept].bytes = steal_pointer(&buf);
	kept[n_kept].len = (size_t)r;
	kept[n_kept].mode = st.st_mode & 0777;
	n_kept++;
	return 0;
}

void notify_forget_gitfiles(void)
{
	for (size_t i = 0; i < n_kept; i++) {
		free(kept[i].path);
		free(kept[i].bytes);
	}
	free(kept);
	kept = NULL;
	n_kept = 0;
	nj_gitfile_forget_moved();
}

const struct kept_gitfile *notify_gitfile_kept(size_t i)
{
	return i < n_kept ? &kept[i] : NULL;
}

#ifdef __linux__
#include <sys/mman.h>

#include "notify-int.h"

static const struct kept_gitfile *find_kept(const char *path)
{
	for (size_t i = 0; path && i < n_kept; i++)
		if (strcmp(kept[i].path, path) == 0)
			return &kept[i];
	return NULL;
}

int nj_gitfile_remake(struct job *j, const struct loc *l, uint64_t flags)
{
	const struct kept_gitfile *k;
	cleanup_free char *dir = NULL;
	struct fsj_decision d;
	cleanup_fd int sink = -1;
	int e;

	if (!l->path || l->obj >= 0 || l->parent < 0 || l->magic || l->trailing_slash ||
	    strcmp(l->name, ".git") != 0)
		return 1;
	/* by the kernel's path, or by a host spelling of its folder
	 * (notify-spell.h: the work tree through another mount) */
	k = find_kept(l->path);
	for (size_t it = 0; !k;) {
		cleanup_free char *alt = nj_spelled(j, l->path, &it);

		if (!alt)
			return 1;
		k = find_kept(alt);
	}
	/* only where the command may make names: the work tree's folder */
	dir = path_dirname(l->path);
	if (!dir || !nj_may(j, dir, FSJ_CAP_CREATE, &d) || !nj_may(j, dir, FSJ_CAP_WRITE, &d))
		return 1;
	sink = memfd_create("fsjail-gitfile", MFD_CLOEXEC);
	if (sink < 0)
		return nj_answer(j, errno == EMFILE ? EMFILE : ENOMEM);
	e = nj_land_bytes(l->parent, l->name, k->bytes, k->len, k->mode, RENAME_NOREPLACE);
	if (e == EEXIST && !(flags & O_EXCL))
		return -EAGAIN; /* made meanwhile: look again */
	if (e)
		return nj_answer(j, e);
	nj_note_created(j, l->parent, l->name, l->path);
	nj_gitfile_put_back_note(j, l, sink, k->bytes, k->len);
	e = nj_hand_in(j, sink, (flags & O_CLOEXEC) != 0);
	if (e && e != ENOENT)
		nj_answer(j, e == EMFILE ? EMFILE : EACCES);
	return 0;
}
#endif
