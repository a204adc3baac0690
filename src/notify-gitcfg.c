/* notify-gitcfg.c - git's own config rewrites of a protected config: the
 * rename of <gitdir>/config.lock over <gitdir>/config (git's lockfile.c:
 * the new file is written as config.lock, then renamed over config), let
 * through when it changes [branch] and [submodule "NAME"] sections only
 * (gitcfg.c says what that is and why it is safe). This is how `git
 * branch -m/-c/-d/-D`, `git checkout -b X origin/X` and `git push -u`
 * record branch tracking, and `git submodule add` and init the url (in a
 * submodule's gitdir also core.worktree: notify-gitcfg-check.c, git23).
 * Likewise <gitdir>/HEAD.lock over a protected <gitdir>/HEAD when the new
 * HEAD is one valid ref or object id (gitcfg_head_ok()): how checkout,
 * switch, rebase and commit move HEAD, while junk that would make git's
 * discovery pass the gitdir by (issue 12 item 2, a03) stays refused.
 *
 * Race-free: the supervisor reads both files once, through the O_PATH
 * descriptors the lookup pinned (the inodes the policy decided on), checks
 * those bytes, then writes THOSE BYTES into a file of its own made with
 * O_CREAT|O_EXCL|O_NOFOLLOW next to config, takes the backup of the old
 * config, renames its own file over config and removes config.lock if
 * that name still holds the caller's inode. The caller's file never
 * becomes config: the caller may still hold a write descriptor on
 * config.lock and change it after the check, and that cannot reach what
 * lands. Anything else stays refused, naming the repository-metadata
 * rule. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "gitcfg.h"
#include "notify-gitcfg-check.h"
#include "notify-int.h"
#include "path.h"
#include "repoguard.h"
#include "util.h"

/* The repository-metadata rule on exactly this file decides cap at path
 * (d filled), or cap is allowed anyway. */
static bool only_config_rule(const struct job *j, const char *path, enum fsj_cap cap,
			     struct fsj_decision *d)
{
	const struct fsj_rule *r;

	if (nj_may(j, path, cap, d))
		return true;
	r = d->rule;
	return r && r->id && strcmp(r->id, "repository-metadata") == 0 && !r->recursive &&
	       (strcmp(r->path, path) == 0 || (r->resolved && strcmp(r->resolved, path) == 0));
}

/* No rule below the protected level denies changing path (a user's deny
 * on the config stands; fail closed: any such deny covering it counts,
 * whatever deeper allow there is). */
static bool no_other_deny(const struct fsj_policy *pol, const char *path)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		if (r->source == FSJ_SRC_PROTECTED || !(r->deny & FSJ_CAPS_MODIFY))
			continue;
		if ((r->path && path_covers(r->path, path)) ||
		    (r->resolved && path_covers(r->resolved, path)))
			return false;
	}
	return true;
}

int nj_read_whole(int fd, char **buf, size_t *len)
{
	char self[64];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	return read_file(self, GITCFG_MAX_SIZE, buf, len);
}

int nj_land_bytes(int dir, const char *name, const char *buf, size_t len, mode_t mode,
		  unsigned fl)
{
	cleanup_free char *rnd = random_hex(8);
	char tmp[NAME_MAX + 1];
	int fd, e = 0;

	snprintf(tmp, sizeof(tmp), "%.16s.fsjail-%s", name, rnd ? rnd : "x");
	fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return errno;
	if (fchmod(fd, mode & 0777) < 0 || write_all(fd, buf, len) < 0 || fsync(fd) < 0)
		e = errno ? errno : EIO;
	close(fd);
	if (e == 0 && syscall(SYS_renameat2, dir, tmp, dir, name, fl) < 0)
		e = errno;
	if (e)
		(void)unlinkat(dir, tmp, 0);
	return e;
}

bool notify_gitcfg_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl)
{
	static const enum fsj_cap caps[] = { FSJ_CAP_CREATE, FSJ_CAP_WRITE, FSJ_CAP_DELETE };
	cleanup_free char *old = NULL, *new = NULL;
	size_t old_len = 0, new_len = 0;
	struct fsj_decision d, dc;
	struct stat pa, pb, now;
	const char *why = NULL;
	int e;

	/* every rename the supervisor may perform passes here first */
	nj_rename_note(j, a, b);
	if (fl || !a->path || !b->path || a->obj < 0 || b->obj < 0 || a->magic || b->magic ||
	    a->parent < 0 || b->parent < 0 || !S_ISREG(a->st.st_mode) || !S_ISREG(b->st.st_mode) ||
	    !repoguard_lock_rename(a->name, b->name) ||
	    fstat(a->parent, &pa) < 0 || fstat(b->parent, &pb) < 0 || pa.st_dev != pb.st_dev ||
	    pa.st_ino != pb.st_ino)
		return false;
	/* only the protection of this very config file stands in the way */
	if (nj_may(j, b->path, FSJ_CAP_CREATE, &dc))
		return false;
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (!only_config_rule(j, b->path, caps[i], &d))
			return false;
	if (!no_other_deny(j->nt->pol, b->path))
		return false;
	/* the folder lets the caller make and remove config.lock */
	if (!nj_need(j, a->path, FSJ_CAPBIT(FSJ_CAP_CREATE) | FSJ_CAPBIT(FSJ_CAP_DELETE)))
		return true;
	if (nj_read_whole(b->obj, &old, &old_len) < 0 || nj_read_whole(a->obj, &new, &new_len) < 0) {
		nj_refuse(j, FSJ_CAP_CREATE, b->path, "git config rewrite: a file is unreadable or too large",
			  EACCES, &dc);
		return true;
	}
	if (!nj_gitcfg_bytes_ok(j, b, old, old_len, new, new_len, &why)) {
		/* the operation is writing config (it exists: b->obj) */
		nj_refuse(j, FSJ_CAP_WRITE, b->path, why, EACCES, &dc);
		return true;
	}
	if (fstatat(b->parent, b->name, &now, AT_SYMLINK_NOFOLLOW) < 0 || now.st_dev != b->st.st_dev ||
	    now.st_ino != b->st.st_ino) {
		nj_refuse(j, FSJ_CAP_CREATE, b->path, "the file changed during the call", EACCES, NULL);
		return true;
	}
	if (!nj_save(j, b, BACKUP_CHANGE_REMOVE) || !nj_save(j, a, BACKUP_CHANGE_REMOVE))
		return true;
	e = nj_land_bytes(b->parent, b->name, new, new_len, b->st.st_mode, 0);
	if (e) {
		nj_answer(j, e);
		return true;
	}
	nj_note_created(j, b->parent, b->name, b->path); /* a new file, as for the todo */
	/* config.lock goes, if it is still the caller's file */
	if (fstatat(a->parent, a->name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    now.st_dev == a->st.st_dev && now.st_ino == a->st.st_ino)
		(void)unlinkat(a->parent, a->name, 0);
	nj_answer(j, 0);
	return true;
}

/* Refusing to create HEAD where git's discovery would take it for a gitdir
 * (issue 12 item 2, a03). Walking up from the folder it runs in, git
 * tries in each folder D first D/.git, then D itself (setup.c
 * is_git_directory(): a valid HEAD, objects and refs it may enter). A
 * .git that git rejects (its HEAD, objects/ and refs/ are protected,
 * repometa.c) or none at all lets a HEAD planted in D, next to objects
 * and refs (even plain executable files) and a config, make D the gitdir
 * of every git run below D: its config and hooks are the command's.
 * objects, refs and config are everyday names in a source tree; HEAD is
 * the one a work tree never needs and git always writes, so it is the
 * name refused. Where git itself makes a HEAD it is allowed:
 * - below a folder named .git or NAME.git between the workspace and the
 *   new name (git init, clone, worktree add, submodules, bare clones by
 *   the usual name);
 * - in a folder the command made in this run that already holds refs/
 *   (git init --bare X: refs/ comes before HEAD); such a folder is a
 *   new repository, named by the note at the end of the run
 *   (repometa_warn_new()). Never the workspace itself.
 * Weak spot: that last test reads the parent by path, so a command that
 * swaps folders during the call could have a HEAD made in an old folder
 * below the workspace (not the workspace itself, which it cannot rename);
 * the end-of-run note still names the gitdir shape. */
bool nj_discovery_ok(struct job *j, const char *path)
{
	static const struct fsj_rule rule = {
		.id = (char *)"repository-discovery",
		.deny = FSJ_CAPBIT(FSJ_CAP_CREATE),
		.source = FSJ_SRC_PROTECTED,
		.origin = (char *)"a HEAD outside a gitdir makes git take its folder for one",
	};
	const struct fsj_decision d = { false, FSJ_LEVEL_PROTECTED, &rule, false };
	const char *ws = j->nt->pol->workspace;
	cleanup_free char *parent = NULL, *refs = NULL;
	struct stat st;

	/* the names (repoguard.c), on each host spelling of the name too
	 * (notify-spell.h): a HEAD planted through another mount of the
	 * workspace is one in the workspace */
	if (!repoguard_discovery(ws, path)) {
		cleanup_free char *alt = NULL;

		for (size_t it = 0; (alt = nj_spelled(j, path, &it)) && !repoguard_discovery(ws, alt);)
			free(alt);
		if (!alt)
			return true;
		parent = path_dirname(alt);
	} else {
		parent = path_dirname(path);
	}
	refs = path_join(parent, "refs");
	if (strcmp(parent, ws) != 0 && lstat(parent, &st) == 0 && S_ISDIR(st.st_mode) &&
	    notify_made_here(j->nt, &st) && lstat(refs, &st) == 0 && S_ISDIR(st.st_mode))
		return true;
	nj_refuse(j, FSJ_CAP_CREATE, path, "repository-discovery", EACCES, &d);
	return false;
}

#else
typedef int notify_gitcfg_not_this_system;
#endif /* __linux__ */
