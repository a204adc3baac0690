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
 * writes is dropped: git writes the same pointer (a submodule whose name
 * or gitdir changed in the run gets the old pointer).
 *
 * Moves (git23): `git mv x a/y` and `git worktree move wt wt2` rename the
 * folder that holds such a file (notify-guard.c lets it leave). The
 * listener records where it went and which gitdir it named
 * (nj_gitfile_moved()), and lands at once the bytes naming that gitdir
 * from the new folder: a relative "gitdir: ../.git/modules/x" moved one
 * level down would name a folder the command could make. git then writes
 * the pointer (submodule.c connect_work_tree_and_git_dir()) and, for a
 * worktree, <common>/worktrees/ID/gitdir (worktree.c
 * update_worktree_location()); each such write-open lands the bytes git
 * writes for that place, whatever the caller writes
 * (nj_gitfile_rewrite()). So the pointer names the gitdir it named at the
 * start, and the gitdir file the pointer's new place. Not followed:
 * `git submodule absorbgitdirs` (a gitdir folder moves: refused) and
 * `git worktree repair` of a pointer that did not move (refused). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-gitfile.h"
#include "path.h"
#include "util.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

/* Largest .git file kept (git's own are one short line). */
#define GITFILE_MAX 4096

struct kept_gitfile {
	char *path;  /* normalised, absolute, as the scan named it */
	char *bytes; /* the file's bytes at the start of the run */
	size_t len;
	mode_t mode; /* its permission bits */
};

static struct kept_gitfile *kept;
static size_t n_kept;

/* A kept .git file whose folder the command moved (git mv of a submodule,
 * git worktree move): where it is now, and the gitdir its start-of-run
 * bytes name, resolved. */
struct moved_gitfile {
	char *path;    /* its name now, resolved */
	char *gitdir;  /* <common>/modules/... or <common>/worktrees/ID */
	bool absolute; /* the start-of-run bytes named it by an absolute path */
};

static pthread_mutex_t moved_lock = PTHREAD_MUTEX_INITIALIZER;
static struct moved_gitfile *moved;
static size_t n_moved;
/* The folders a submodule gitdir's core.worktree was let name in this
 * run (nj_worktree_note()), under moved_lock. */
static char **worktrees;
static size_t n_worktrees;

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
	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; i < n_moved; i++) {
		free(moved[i].path);
		free(moved[i].gitdir);
	}
	free(moved);
	moved = NULL;
	n_moved = 0;
	for (size_t i = 0; i < n_worktrees; i++)
		free(worktrees[i]);
	free(worktrees);
	worktrees = NULL;
	n_worktrees = 0;
	pthread_mutex_unlock(&moved_lock);
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
	    strcmp(l->name, ".git") != 0 || !(k = find_kept(l->path)))
		return 1;
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
	e = nj_hand_in(j, sink, (flags & O_CLOEXEC) != 0);
	if (e && e != ENOENT)
		nj_answer(j, e == EMFILE ? EMFILE : EACCES);
	return 0;
}


/* The gitdir k's bytes name (resolved), when it lies below a folder named
 * modules or worktrees (a submodule's or linked worktree's); else NULL. */
static char *kept_target(const struct kept_gitfile *k, bool *absolute)
{
	cleanup_free char *dir = path_dirname(k->path), *rel = NULL, *lex = NULL;
	size_t n = k->len - 8;

	while (n > 0 && (k->bytes[8 + n - 1] == '\n' || k->bytes[8 + n - 1] == '\r'))
		n--;
	rel = xstrndup(k->bytes + 8, n);
	if (!dir || !rel[0] || path_normalize(rel, strlen(rel), NULL, dir, &lex) != PATH_OK)
		return NULL;
	*absolute = rel[0] == '/';
	if (!strstr(lex, "/modules/") && !strstr(lex, "/worktrees/"))
		return NULL;
	return path_resolve(lex);
}

/* to + the part of p below from (p strictly below from). */
static char *moved_name(const char *p, const char *from, const char *to)
{
	return xasprintf("%s%s", to, p + strlen(from));
}

static char *relative_to(const char *target, const char *dir);

/* Land the bytes naming m's gitdir (relative from its folder unless
 * m->absolute) at m's new name: rest (below the moved folder,
 * "/sub/.git") opened from to_parent/to_name without following a
 * symbolic link. A relative pointer moved to another depth would name
 * another folder, one the command could make (git mv writes the same
 * bytes after the move); and a file the command put at a recorded name
 * (deleted, made anew, a write descriptor kept) must not travel on as
 * one the scan kept (nj_gitfile_known()): the new inode ends that. When
 * the bytes cannot land, the file is removed (fail closed). */
static void repoint(const struct moved_gitfile *m, int to_parent, const char *to_name,
		    const char *rest)
{
	cleanup_free char *mdir = path_dirname(m->path), *rel = NULL, *bytes = NULL;
	cleanup_free char *dirs = xstrdup(rest);
	int fd = openat(to_parent, to_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	char *slash = strrchr(dirs, '/'), *c, *sp = NULL;
	struct stat st;

	if (fd < 0 || !mdir || !slash) {
		if (fd >= 0)
			close(fd);
		return;
	}
	*slash = '\0';
	for (c = strtok_r(dirs, "/", &sp); c && fd >= 0; c = strtok_r(NULL, "/", &sp)) {
		int next = openat(fd, c, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		close(fd);
		fd = next;
	}
	rel = m->absolute ? NULL : relative_to(m->gitdir, mdir);
	bytes = xasprintf("gitdir: %s\n", rel ? rel : m->gitdir);
	if (fd >= 0 && fstatat(fd, ".git", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
	    nj_land_bytes(fd, ".git", bytes, strlen(bytes), st.st_mode, 0) != 0)
		(void)unlinkat(fd, ".git", 0);
	if (fd >= 0)
		close(fd);
}

void nj_gitfile_moved(const char *from, const char *to, int to_parent, const char *to_name)
{
	struct stat st;

	if (!from || !to || strcmp(from, to) == 0)
		return;
	pthread_mutex_lock(&moved_lock);
	/* what was at the target name is gone */
	for (size_t i = n_moved; i-- > 0;)
		if (path_covers(to, moved[i].path)) {
			free(moved[i].path);
			free(moved[i].gitdir);
			moved[i] = moved[--n_moved];
		}
	for (size_t i = 0; i < n_moved; i++)
		if (strcmp(moved[i].path, from) != 0 && path_covers(from, moved[i].path)) {
			char *p = moved_name(moved[i].path, from, to);

			free(moved[i].path);
			moved[i].path = p;
			repoint(&moved[i], to_parent, to_name, p + strlen(to));
		}
	for (size_t i = 0; i < n_kept; i++) {
		cleanup_free char *p = NULL, *g = NULL;
		bool absolute = false;

		if (strcmp(kept[i].path, from) == 0 || !path_covers(from, kept[i].path))
			continue;
		p = moved_name(kept[i].path, from, to);
		if (lstat(p, &st) < 0 || !S_ISREG(st.st_mode) ||
		    !(g = kept_target(&kept[i], &absolute)))
			continue;
		moved = xreallocarray(moved, n_moved + 1, sizeof(*moved));
		moved[n_moved].path = steal_pointer(&p);
		moved[n_moved].gitdir = steal_pointer(&g);
		moved[n_moved].absolute = absolute;
		repoint(&moved[n_moved], to_parent, to_name, moved[n_moved].path + strlen(to));
		n_moved++;
	}
	pthread_mutex_unlock(&moved_lock);
}

bool nj_gitfile_known(const char *path)
{
	cleanup_free char *res = path ? path_resolve(path) : NULL;
	bool known = false;
	struct stat st;

	/* lstat() follows a link before the last component: a recorded
	 * folder the command replaced by a link to its own (att16) */
	if (!res || strcmp(res, path) != 0 || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	for (size_t i = 0; !known && i < n_kept; i++)
		known = strcmp(kept[i].path, path) == 0;
	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; !known && i < n_moved; i++)
		known = strcmp(moved[i].path, path) == 0;
	pthread_mutex_unlock(&moved_lock);
	return known;
}

void nj_worktree_note(const char *dir)
{
	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; dir && i < n_worktrees; i++)
		if (strcmp(worktrees[i], dir) == 0)
			dir = NULL;
	if (dir) {
		worktrees = xreallocarray(worktrees, n_worktrees + 1, sizeof(*worktrees));
		worktrees[n_worktrees++] = xstrdup(dir);
	}
	pthread_mutex_unlock(&moved_lock);
}

bool nj_worktree_arrival_ok(const char *at, const char *from)
{
	bool ok = true;

	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; ok && at && i < n_worktrees; i++) {
		cleanup_free char *src = NULL, *res = NULL;

		if (!path_covers(at, worktrees[i]))
			continue;
		/* a folder: where the noted folder will be must be reached
		 * from it without a symbolic link (path_resolve(): the part
		 * that does not exist is taken as it is) */
		src = from ? xasprintf("%s%s", from, worktrees[i] + strlen(at)) : NULL;
		res = src ? path_resolve(src) : NULL;
		ok = res && strcmp(res, src) == 0;
	}
	pthread_mutex_unlock(&moved_lock);
	return ok;
}

/* The path of target relative to the folder dir (both absolute,
 * normalised), as git's relative_path() writes it. */
static char *relative_to(const char *target, const char *dir)
{
	struct strbuf sb = STRBUF_INIT;
	size_t common = 0;

	for (size_t i = 0; dir[i] && dir[i] == target[i]; i++)
		if (dir[i + 1] == '/' || dir[i + 1] == '\0')
			if (target[i + 1] == '/' || target[i + 1] == '\0')
				common = i + 1;
	if (strcmp(dir, "/") == 0)
		common = 0;
	for (const char *c = dir + common; *c; c++)
		if (*c == '/')
			sb_add(&sb, "../", 3);
	sb_add(&sb, target + common + (target[common] == '/'),
	       strlen(target + common) - (target[common] == '/'));
	if (sb.len && sb.buf[sb.len - 1] == '/')
		sb.buf[--sb.len] = '\0';
	return sb.len ? sb_detach(&sb) : xstrdup(".");
}

/* The bytes a write of path lands (see nj_gitfile_rewrite()), or NULL. */
static char *moved_bytes(const char *path, const char *name)
{
	cleanup_free char *dir = path_dirname(path);
	char *out = NULL;

	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; dir && !out && i < n_moved; i++) {
		const struct moved_gitfile *m = &moved[i];

		if (strcmp(name, ".git") == 0 && strcmp(m->path, path) == 0) {
			cleanup_free char *mdir = path_dirname(m->path);
			cleanup_free char *rel = NULL;

			if (!m->absolute && mdir)
				rel = relative_to(m->gitdir, mdir);
			out = xasprintf("gitdir: %s\n", rel ? rel : m->gitdir);
		} else if (strcmp(name, "gitdir") == 0 && strcmp(m->gitdir, dir) == 0 &&
			   strstr(m->gitdir, "/worktrees/")) {
			out = xasprintf("%s\n", m->path);
		}
	}
	pthread_mutex_unlock(&moved_lock);
	return out;
}

int nj_gitfile_rewrite(struct job *j, const struct loc *l, uint64_t flags)
{
	cleanup_free char *bytes = NULL, *dir = NULL;
	struct fsj_decision d;
	cleanup_fd int sink = -1;
	int e;

	if (!l->path || l->obj < 0 || l->parent < 0 || l->magic || !S_ISREG(l->st.st_mode) ||
	    (strcmp(l->name, ".git") != 0 && strcmp(l->name, "gitdir") != 0) ||
	    !(bytes = moved_bytes(l->path, l->name)))
		return 1;
	dir = path_dirname(l->path);
	if (!dir || !nj_may(j, dir, FSJ_CAP_CREATE, &d) || !nj_may(j, dir, FSJ_CAP_DELETE, &d))
		return 1;
	sink = memfd_create("fsjail-gitfile", MFD_CLOEXEC);
	if (sink < 0)
		return nj_answer(j, errno == EMFILE ? EMFILE : ENOMEM);
	if (!nj_save(j, l, BACKUP_CHANGE_REMOVE))
		return 0;
	e = nj_land_bytes(l->parent, l->name, bytes, strlen(bytes), l->st.st_mode, 0);
	if (e)
		return nj_answer(j, e);
	nj_note_created(j, l->parent, l->name, l->path);
	e = nj_hand_in(j, sink, (flags & O_CLOEXEC) != 0);
	if (e && e != ENOENT)
		nj_answer(j, e == EMFILE ? EMFILE : EACCES);
	return 0;
}
#endif
