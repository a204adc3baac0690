/* notify-gitfile-land.c - a .git file notify-gitfile.c kept (it says
 * why), taken along by its folder: what the listener lands at its new
 * name, and at the gitdir file that names it.
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
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "notify-gitfile-land.h"
#include "notify-worktree.h"
#include "path.h"
#include "util.h"

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

void nj_gitfile_forget_moved(void)
{
	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; i < n_moved; i++) {
		free(moved[i].path);
		free(moved[i].gitdir);
	}
	free(moved);
	moved = NULL;
	n_moved = 0;
	pthread_mutex_unlock(&moved_lock);
	nj_worktree_forget();
}

#ifdef __linux__
#include <sys/mman.h>

#include "notify-int.h"

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
	const struct kept_gitfile *k;
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
	for (size_t i = 0; (k = notify_gitfile_kept(i)); i++) {
		cleanup_free char *p = NULL, *g = NULL;
		bool absolute = false;

		if (strcmp(k->path, from) == 0 || !path_covers(from, k->path))
			continue;
		p = moved_name(k->path, from, to);
		if (lstat(p, &st) < 0 || !S_ISREG(st.st_mode) || !(g = kept_target(k, &absolute)))
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
	const struct kept_gitfile *k;
	bool known = false;
	struct stat st;

	/* lstat() follows a link before the last component: a recorded
	 * folder the command replaced by a link to its own (att16) */
	if (!res || strcmp(res, path) != 0 || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return false;
	for (size_t i = 0; !known && (k = notify_gitfile_kept(i)); i++)
		known = strcmp(k->path, path) == 0;
	pthread_mutex_lock(&moved_lock);
	for (size_t i = 0; !known && i < n_moved; i++)
		known = strcmp(moved[i].path, path) == 0;
	pthread_mutex_unlock(&moved_lock);
	return known;
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

/* r protects a submodule's or linked worktree's .git file (repometa.c
 * LINKED_DENY: write and create refused, delete allowed, one name). A
 * folder leaving with it (a plain rename of a folder, not an exchange)
 * does what deleting it does (allowed) and takes it to a new name, where
 * the listener gives it at once the bytes naming the gitdir it named
 * (nj_gitfile_moved(); git mv of a submodule, git worktree move; git23).
 * A folder arriving where such a rule lies below carries there a .git
 * file too: allowed when that file is one the scan kept, or one
 * moved so (nj_gitfile_known()), which names a gitdir of the user's
 * own repositories, never one of the command's choice. */
static bool pointer_rule(const struct fsj_rule *r)
{
	const char *b = r->path ? strrchr(r->path, '/') : NULL;

	return r->source == FSJ_SRC_PROTECTED && !r->recursive &&
	       !(r->deny & FSJ_CAPBIT(FSJ_CAP_DELETE)) && b && strcmp(b, "/.git") == 0;
}

bool nj_gitfile_carried(const struct fsj_rule *r, const char *dir, unsigned mask, const char *from)
{
	if (!pointer_rule(r))
		return false;
	if (mask == FSJ_CAPBIT(FSJ_CAP_DELETE)) /* leaving: followed */
		return true;
	if (path_covers(dir, r->path) && strcmp(dir, r->path) != 0) {
		cleanup_free char *src = xasprintf("%s%s", from, r->path + strlen(dir));

		return nj_gitfile_known(src);
	}
	return false;
}
#endif
