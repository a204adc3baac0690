/* notify-newrepo.c - repositories the command makes carry no code to the
 * host (issue 12 item 2): the listener's rule "repository-metadata" for
 * the gitdirs notify-repo.c leaves free, those the run made (and folders
 * that become gitdirs during the run). git init, clone, worktree add and
 * submodule add make a gitdir and write its config; the user runs git
 * there later (git status in the outer repository recurses into an
 * embedded one), so what the config and hooks/ say runs on the host.
 *
 * The rule, for a folder G that may be a gitdir ("gitdir-able": named
 * .git or NAME.git, or holding HEAD, commondir, or objects and refs) and
 * is not a gitdir the run did not make (notify-repo.c protects those):
 *   - config and config.worktree are written only by git's lockfile
 *     rename (lockfile.c: NAME.lock renamed over or into NAME), and the
 *     new bytes hold inert keys only (gitcfg-inert.h). As in
 *     notify-gitcfg.c, the supervisor reads the bytes once through the
 *     pinned descriptor, writes THOSE bytes to its own O_EXCL file and
 *     renames that into place: what the caller writes later through a
 *     descriptor it kept never lands. Any other create, write-open,
 *     truncate, link, symlink or rename onto these names is refused.
 *   - hooks/: only names ending in ".sample" may be made or written (git
 *     init copies the templates), and, while G is not a gitdir yet, the
 *     hooks of the user's template folder (notify-hooktmpl.c); hooks itself
 *     may only be made by mkdir, not moved in, linked or made a symbolic
 *     link.
 *   - making HEAD, commondir, objects or refs in any folder that is not a
 *     gitdir the run did not make (the step that makes a folder a gitdir,
 *     or a commondir target, whatever the order git or the command uses)
 *     first checks the folder's config and config.worktree as above and
 *     replaces each by the supervisor's copy of the checked bytes, and
 *     checks hooks/ holds ".sample" names and the template's hooks only
 *     (each replaced by the supervisor's copy of the template's bytes);
 *     otherwise it is refused.
 *   - in any gitdir (the user's too): the todo lists and the merge
 *     strategy a continued rebase or sequence runs (notify-seq.c).
 * So every gitdir-able folder's config is inert, or it is a repository the
 * run did not make; a commondir or a .git file may then point anywhere:
 * to a protected repository or to a checked one.
 *
 * Not covered: write-opens without O_CREAT when backups are off (not
 * trapped, as notify-repo.c says); runs without the listener. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitcfg-inert.h"
#include "gitcfg.h"
#include "gitlink.h"
#include "notify-gitlink.h"
#include "notify-int.h"
#include "notify-seq.h"
#include "path.h"
#include "repoguard.h"
#include "util.h"

static bool refuse(struct job *j, enum fsj_cap cap, const char *path, const char *why)
{
	struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &repometa_rule, false };

	nj_refuse(j, cap, path, why, EACCES, &d);
	return false;
}

bool nj_exists(int dir, const char *name)
{
	struct stat st;

	return fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

static bool ends_with(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* The basename of path's parent folder: [*s, *s + *n). */
static void parent_name(const char *path, const char **s, size_t *n)
{
	const char *e = strrchr(path, '/'), *b = e;

	while (b > path && b[-1] != '/')
		b--;
	*s = b;
	*n = (size_t)(e - b);
}

/* g is a gitdir the run did not make: notify-repo.c's business. */
static bool theirs(const struct job *j, int g, const char *name, size_t n)
{
	struct stat st;

	if (fstat(g, &st) < 0)
		return false; /* fail closed: checked here */
	return !notify_made_here(j->nt, &st) && repoguard_gitdir_at(g, name, n);
}

/* g (named name, n bytes) may be a gitdir (file comment). */
static bool gitdir_able(int g, const char *name, size_t n)
{
	return gitlink_gitdir_able(g, name, n);
}

/* config or config.worktree in g (path gpath), if there, is inert and
 * becomes our copy of the checked bytes; a copy of a file this run made
 * is recorded as made (else restore leaves it: the run's config, user7's
 * session). why (size whylen) on false. */
static bool settle_config(struct job *j, int g, const char *gpath, const char *name, char *why,
			  size_t whylen)
{
	cleanup_free char *buf = NULL, *path = NULL;
	cleanup_fd int fd = -1;
	struct stat st;
	size_t len = 0;

	fd = openat(g, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || nj_read_whole(fd, &buf, &len) < 0) {
		snprintf(why, whylen,
			 "repository-metadata: %s is not a readable regular file, in a folder "
			 "becoming a repository",
			 name);
		return false;
	}
	if (!gitcfg_inert_at(buf, len, gpath, why, whylen))
		return false;
	if (nj_land_bytes(g, name, buf, len, st.st_mode, 0) != 0) {
		snprintf(why, whylen, "repository-metadata: %s could not be settled", name);
		return false;
	}
	nj_newrepo_ro_relanded(g, name, &st); /* a noted empty config stays noted */
	if (notify_made_here(j->nt, &st) && (path = path_join(gpath, name)))
		nj_note_created(j, g, name, path);
	return true;
}

/* Most names hooks/ of a folder becoming a repository may hold (git's
 * own template has 13 .sample names; each other one is compared with the
 * template's). */
#define NEWREPO_MAX_HOOKS 64

/* hooks/ in g (whose path is gpath), if there, holds ".sample" names and
 * hooks whose bytes are the template folder's (each then replaced by the
 * supervisor's own copy: notify-hooktmpl.c). The names are read first:
 * the copies land under temporary names in the same folder. */
static bool hooks_settle(struct job *j, int g, const char *gpath, char *why, size_t whylen)
{
	char names[NEWREPO_MAX_HOOKS][NAME_MAX + 1];
	cleanup_free char *hpath = path_join(gpath, "hooks");
	cleanup_fd int h = openat(g, "hooks", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n = h >= 0 ? nj_list_dir(h, names, NEWREPO_MAX_HOOKS) : -1;
	bool ok = true;

	if (h < 0 && errno == ENOENT)
		return true;
	if (n < 0) {
		snprintf(why, whylen, "repository-metadata: hooks is not a readable folder of at most "
				      "64 names, in a folder becoming a repository");
		return false;
	}
	for (ssize_t i = 0; ok && i < n; i++)
		ok = ends_with(names[i], strlen(names[i]), ".sample") ||
		     nj_hook_settle(j, h, hpath, names[i], why, whylen);
	return ok;
}

static bool shape_name(const char *n)
{
	return strcmp(n, "HEAD") == 0 || strcmp(n, "commondir") == 0 || strcmp(n, "objects") == 0 ||
	       strcmp(n, "refs") == 0;
}

static bool config_name(const char *n)
{
	return strcmp(n, "config") == 0 || strcmp(n, "config.worktree") == 0;
}

/* The folder above dir, checked to hold dir by the name [s, s+n). */
static int up_one(int dir, const char *s, size_t n)
{
	const struct repoguard_comp c = { s, n };

	return nj_walk_up(dir, 1, &c);
}

/* The folder above dir (named [dn, dn+dl) in path) may be a gitdir; true
 * also when that cannot be told (fail closed). */
static bool above_gitdir_able(int dir, const char *path, const char *dn, size_t dl)
{
	cleanup_fd int g = up_one(dir, dn, dl);
	const char *p = dn > path + 1 ? dn - 1 : path, *gn = p;

	if (g < 0)
		return true;
	while (gn > path && gn[-1] != '/')
		gn--;
	return gitdir_able(g, gn, (size_t)(p - gn));
}

bool nj_newrepo_ok(struct job *j, const struct loc *l, unsigned caps, mode_t new_type)
{
	const char *path = l->path, *dn, *gn;
	cleanup_free char *gpath = NULL;
	cleanup_fd int own = -1, g = -1;
	char name[NAME_MAX + 1], why[512];
	size_t dl, gl;
	int dir = l->parent;
	bool cfg, shape, hook, hooks, todo;
	int strat;

	if (j->nt->repository_off || !path || path[0] != '/' ||
	    !(caps & (FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_WRITE))))
		return true;
	parent_name(path, &dn, &dl);
	cfg = config_name(l->name);
	/* a folder named HEAD or commondir makes no gitdir (gitlink.h) */
	shape = (caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && shape_name(l->name) &&
		!(new_type == S_IFDIR &&
		  (strcmp(l->name, "HEAD") == 0 || strcmp(l->name, "commondir") == 0));
	hooks = strcmp(l->name, "hooks") == 0 && (caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) &&
		new_type != S_IFDIR;
	hook = dl == 5 && memcmp(dn, "hooks", 5) == 0 &&
	       (caps & (FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_WRITE))) &&
	       !ends_with(l->name, strlen(l->name), ".sample");
	todo = nj_seq_todo_name(l->name, dn, dl);
	strat = nj_seq_strategy_name(l->name, dn, dl);
	if (!cfg && !shape && !hooks && !hook && !todo && !strat)
		return true;
	if (dir < 0) {
		own = notify_reparent(l, name);
		if (own < 0)
			return refuse(j, FSJ_CAP_CREATE, path, "repository-metadata: no folder to check");
		dir = own;
	}
	if (todo || strat) /* any gitdir's: the host's git rebase --continue runs it */
		return !above_gitdir_able(dir, path, dn, dl) ||
		       nj_seq_write_ok(j, dir, path, todo, strat, caps);
	if (hook) { /* G is the folder above hooks/ */
		const char *p = dn > path + 1 ? dn - 1 : path;

		g = up_one(dir, dn, dl);
		if (g < 0)
			return refuse(j, FSJ_CAP_CREATE, path,
				      "repository-metadata: the folders above changed during the call");
		gn = p;
		while (gn > path && gn[-1] != '/')
			gn--;
		gl = (size_t)(p - gn);
		if (theirs(j, g, gn, gl) || !gitdir_able(g, gn, gl))
			return true;
		/* git init copying the template, G not a gitdir yet: the bytes
		 * are compared when it becomes one (hooks_settle()). Not once
		 * G holds objects and refs: it is a commondir target already
		 * (a gitdir's commondir naming it takes its hooks) and no
		 * later step settles it (att4) */
		if (!(caps & FSJ_CAPBIT(FSJ_CAP_WRITE)) && new_type == S_IFREG &&
		    !repoguard_gitdir_at(g, "", 0) &&
		    !(nj_exists(g, "objects") && nj_exists(g, "refs")) && nj_hook_in_template(j, l->name))
			return true;
		snprintf(why, sizeof(why),
			 "repository-metadata: hook %.64s in a repository made by this run (only .sample "
			 "names, or the template folder's own hooks as git init copies them)",
			 l->name);
		return refuse(j, caps & FSJ_CAPBIT(FSJ_CAP_CREATE) ? FSJ_CAP_CREATE : FSJ_CAP_WRITE,
			      path, why);
	}
	if (theirs(j, dir, dn, dl))
		return true;
	if (cfg || hooks) {
		if (!gitdir_able(dir, dn, dl))
			return true;
		snprintf(why, sizeof(why),
			 cfg ? "repository-metadata: %s is written only by git's %s.lock rename with "
			       "inert keys, in a repository made by this run"
			     : "repository-metadata: %s may only be made as a new folder, in a "
			       "repository made by this run",
			 l->name, l->name);
		return refuse(j, caps & FSJ_CAPBIT(FSJ_CAP_CREATE) ? FSJ_CAP_CREATE : FSJ_CAP_WRITE,
			      path, why);
	}
	/* shape: the folder may be becoming a gitdir or a commondir target
	 * (objects without refs, or refs without objects, is not one yet) */
	if (!gitdir_able(dir, dn, dl) && strcmp(l->name, "HEAD") != 0 &&
	    strcmp(l->name, "commondir") != 0 &&
	    !nj_exists(dir, strcmp(l->name, "objects") == 0 ? "refs" : "objects"))
		return true;
	gpath = path_dirname(path);
	if (!settle_config(j, dir, gpath, "config", why, sizeof(why)) ||
	    !settle_config(j, dir, gpath, "config.worktree", why, sizeof(why)) ||
	    !hooks_settle(j, dir, gpath, why, sizeof(why)) ||
	    !nj_gitlink_tree_ok(dir, gpath, why, sizeof(why)))
		return refuse(j, FSJ_CAP_CREATE, path, why);
	return true;
}

bool nj_newrepo_empty_config(struct job *j, const struct loc *l, mode_t mode, uint64_t flags)
{
	const char *dn;
	size_t dl;
	int fd = -1, e;

	if (j->nt->repository_off || !l->path || l->path[0] != '/' || l->obj >= 0 ||
	    l->parent < 0 || !config_name(l->name))
		return false;
	parent_name(l->path, &dn, &dl);
	if (theirs(j, l->parent, dn, dl) || !gitdir_able(l->parent, dn, dl))
		return false;
	WITH_UMASK(j, fd = openat(l->parent, l->name,
				  O_RDONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode & 0666);
		   e = errno);
	if (fd < 0)
		return nj_answer(j, e), true;
	nj_note_created(j, l->parent, l->name, l->path);
	/* a write through it fails: said when the run ends (noted first,
	 * while the caller waits: once answered it may be gone) */
	nj_newrepo_ro_note(j, l, fd, flags);
	e = nj_hand_in(j, fd, (flags & O_CLOEXEC) != 0);
	if (e) /* not handed in: leave no trace of it (nor a refusal) */
		(void)unlinkat(l->parent, l->name, 0);
	close(fd);
	if (e && e != ENOENT)
		nj_answer(j, e == EMFILE ? EMFILE : EACCES);
	return true;
}

bool notify_newrepo_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl)
{
	cleanup_free char *buf = NULL, *gdir = b->path ? path_dirname(b->path) : NULL;
	char why[512];
	const char *dn;
	size_t dl, len = 0, bl = strlen(b->name);
	struct stat pa, pb, now;
	unsigned del = FSJ_CAPBIT(FSJ_CAP_DELETE);
	bool todo, ok;
	int e, strat, settled;

	if (j->nt->repository_off || !a->path || !b->path || a->magic || b->magic || a->parent < 0 ||
	    b->parent < 0 || a->obj < 0)
		return false;
	parent_name(b->path, &dn, &dl);
	if (strcmp(b->name, "hooks") == 0) {
		if (theirs(j, b->parent, dn, dl) || !gitdir_able(b->parent, dn, dl))
			return false;
		return !refuse(j, FSJ_CAP_CREATE, b->path,
			       "repository-metadata: hooks may only be made as a new folder, in a "
			       "repository made by this run");
	}
	todo = nj_seq_todo_name(b->name, dn, dl);
	strat = nj_seq_strategy_name(b->name, dn, dl);
	/* rename(2), or renameat2(RENAME_NOREPLACE) onto no file (mv) */
	if ((fl && !(fl == RENAME_NOREPLACE && b->obj < 0)) || !S_ISREG(a->st.st_mode) ||
	    (b->obj >= 0 && !S_ISREG(b->st.st_mode)))
		return false;
	if (todo || strat) {
		if (!above_gitdir_able(b->parent, b->path, dn, dl))
			return false;
	} else if (!config_name(b->name) || strlen(a->name) != bl + 5 ||
		   memcmp(a->name, b->name, bl) != 0 || strcmp(a->name + bl, ".lock") != 0 ||
		   fstat(a->parent, &pa) < 0 || fstat(b->parent, &pb) < 0 ||
		   pa.st_dev != pb.st_dev || pa.st_ino != pb.st_ino ||
		   theirs(j, b->parent, dn, dl) || !gitdir_able(b->parent, dn, dl)) {
		return false;
	}
	if (!nj_need(j, a->path, del) ||
	    !nj_need(j, b->path, FSJ_CAPBIT(FSJ_CAP_CREATE) | (b->obj >= 0 ? del : 0u)))
		return true;
	if (nj_read_whole(a->obj, &buf, &len) < 0) {
		refuse(j, FSJ_CAP_CREATE, b->path,
		       "repository-metadata: the new config is unreadable or too large");
		return true;
	}
	why[0] = '\0';
	if (todo || strat)
		ok = nj_seq_bytes_ok(strat, buf, len, why, sizeof(why));
	else
		ok = gitcfg_inert_at(buf, len, gdir, why, sizeof(why));
	if (ok && todo && dl == 12 && (settled = nj_seq_strategy_settle(j, b->parent, gdir, why,
									  sizeof(why))) <= 0) {
		if (settled < 0)
			return true;
		ok = false;
	}
	if (!ok) {
		if (todo) /* notify-todo.c: the repository as it was, or how to recover */
			nj_todo_refuse(j, b, dn, dl, why);
		else /* config is written (created when not there yet) */
			refuse(j, b->obj >= 0 ? FSJ_CAP_WRITE : FSJ_CAP_CREATE, b->path, why);
		return true;
	}
	if (b->obj >= 0 && (fstatat(b->parent, b->name, &now, AT_SYMLINK_NOFOLLOW) < 0 ||
			    now.st_dev != b->st.st_dev || now.st_ino != b->st.st_ino)) {
		nj_refuse(j, FSJ_CAP_CREATE, b->path, "the file changed during the call", EACCES, NULL);
		return true;
	}
	if ((b->obj >= 0 && !nj_save(j, b, BACKUP_CHANGE_REMOVE)) || !nj_save(j, a, BACKUP_CHANGE_REMOVE))
		return true;
	e = nj_land_bytes(b->parent, b->name, buf, len, a->st.st_mode, fl);
	if (e) {
		nj_answer(j, e);
		return true;
	}
	/* the landed file is always a new one, also over the run's own (git's
	 * rebase todo, rewritten each step: else the last one is taken for
	 * the user's and restore brings it back, user5) */
	nj_note_created(j, b->parent, b->name, b->path);
	if (fstatat(a->parent, a->name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    now.st_dev == a->st.st_dev && now.st_ino == a->st.st_ino)
		(void)unlinkat(a->parent, a->name, 0);
	nj_answer(j, 0);
	return true;
}

#else
typedef int notify_newrepo_not_this_system;
#endif /* __linux__ */
