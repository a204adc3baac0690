/* notify-gitcfg.c - git's own config rewrites of a protected config: the
 * rename of <gitdir>/config.lock over <gitdir>/config (git's lockfile.c:
 * the new file is written as config.lock, then renamed over config), let
 * through when it changes [branch] and [submodule "NAME"] sections only
 * (gitcfg.c says what that is and why it is safe). This is how `git
 * branch -m/-c/-d/-D`, `git checkout -b X origin/X` and `git push -u`
 * record branch tracking, and `git submodule add` and init the url; in a
 * submodule's gitdir also a removed core.worktree (git submodule deinit)
 * or one naming a folder of the superproject's work tree
 * (submodule_worktree_ok(), git23).
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
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "gitcfg.h"
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

/* The config a core.worktree value is checked for: a submodule's gitdir
 * (<top>/.git/modules/...) and the policy. */
struct wt_check {
	const struct fsj_policy *pol;
	const char *gitdir; /* resolved */
};

/* rel ("/a/b", the part of a path below a folder) has a component
 * ".git", any case. */
static bool has_dotgit(const char *rel)
{
	for (const char *c = rel; (c = strchr(c, '/')); c++)
		if (strncasecmp(c + 1, ".git", 4) == 0 && (c[5] == '/' || c[5] == '\0'))
			return true;
	return false;
}

/* A rule on a folder git could write to through a work tree at dir
 * (resolved): a protected or denying rule at dir, above it, or below it
 * other than on a name inside a .git (git checks nothing out there,
 * read-tree.c verify_path()). */
static bool rule_near(const struct fsj_policy *pol, const char *dir)
{
	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *paths[2] = { r->path, r->resolved };

		if (r->source != FSJ_SRC_PROTECTED && !(r->deny & FSJ_CAPS_MODIFY))
			continue;
		for (size_t k = 0; k < 2; k++) {
			const char *p = paths[k];

			if (!p || !(path_covers(p, dir) || path_covers(dir, p)))
				continue;
			if (path_covers(dir, p) && strcmp(p, dir) != 0 &&
			    has_dotgit(p + strlen(dir)))
				continue;
			return true;
		}
	}
	return false;
}

/* v (n bytes) has the shape git's relative_path() gives a folder below
 * the gitdir's ancestors: "../" one or more times, then names, none
 * empty, "." or "..". A "." or ".." after a name would be taken
 * lexically here but by the kernel when a host git chdir()s to the
 * value (setup.c setup_explicit_git_dir()): after a symbolic link the
 * command made, ".." is its target's parent (att16). */
static bool worktree_shape(const char *v, size_t n)
{
	size_t i = 0, len;

	while (i + 3 <= n && memcmp(v + i, "../", 3) == 0)
		i += 3;
	if (i == 0 || i == n)
		return false;
	for (; i <= n; i += len + 1) {
		const char *c = v + i, *s = memchr(c, '/', n - i);

		len = s ? (size_t)(s - c) : n - i;
		if (len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.'))
			return false;
	}
	return true;
}

/* gitcfg_worktree's value_ok for a submodule's gitdir: the value git
 * writes (relative_path() of the submodule's folder from the gitdir,
 * worktree_shape()), accepted when it names a folder strictly inside the
 * superproject's work tree <top> with no symbolic link on the way (its
 * resolved path is the lexical one), with no .git component, and no
 * protected or denying rule at, above or below it (rule_near()). So a
 * host git that checks the submodule out writes only where the command
 * could write itself, never into a gitdir, a hooks folder or out of the
 * workspace; and no symbolic link may arrive there later
 * (nj_worktree_note(), notify-guard.c). */
static bool submodule_worktree_ok(const char *v, size_t n, void *arg)
{
	const struct wt_check *w = arg;
	const char *m = strstr(w->gitdir, "/.git/modules/");
	cleanup_free char *top = NULL, *lex = NULL, *res = NULL;

	if (!m || n == 0 || v[0] == '/' || v[0] == '~' || !worktree_shape(v, n))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("._/+@-", v[i]))
			return false;
	top = xstrndup(w->gitdir, (size_t)(m - w->gitdir));
	if (path_normalize(v, n, NULL, w->gitdir, &lex) != PATH_OK || !path_covers(top, lex) ||
	    strcmp(top, lex) == 0 || has_dotgit(lex + strlen(top)) || rule_near(w->pol, lex))
		return false;
	/* guarded first, then resolved: a link made meanwhile is seen */
	nj_worktree_note(lex);
	res = path_resolve(lex);
	return res && strcmp(lex, res) == 0;
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
	cleanup_free char *old = NULL, *new = NULL, *gitdir = NULL;
	struct wt_check wc = { NULL, NULL };
	const struct gitcfg_worktree wt = { submodule_worktree_ok, &wc };
	size_t old_len = 0, new_len = 0;
	struct fsj_decision d, dc;
	struct stat pa, pb, now;
	const char *why = NULL;
	bool head;
	int e;

	/* every rename the supervisor may perform passes here first */
	NOTIFY_STAT_INC(j->nt, shape);
	if (fl || !a->path || !b->path || a->obj < 0 || b->obj < 0 || a->magic || b->magic ||
	    a->parent < 0 || b->parent < 0 || !S_ISREG(a->st.st_mode) || !S_ISREG(b->st.st_mode) ||
	    !repoguard_lock_rename(a->name, b->name) ||
	    fstat(a->parent, &pa) < 0 || fstat(b->parent, &pb) < 0 || pa.st_dev != pb.st_dev ||
	    pa.st_ino != pb.st_ino)
		return false;
	head = strcmp(b->name, "HEAD") == 0;
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
	gitdir = path_dirname(b->path);
	wc.pol = j->nt->pol;
	wc.gitdir = gitdir;
	if (head ? !gitcfg_head_ok(new, new_len, &why)
		 : !gitcfg_change_ok(old, old_len, new, new_len,
				     gitdir && strstr(gitdir, "/.git/modules/") ? &wt : NULL, &why)) {
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

	if (!repoguard_discovery(ws, path)) /* the names (repoguard.c) */
		return true;
	parent = path_dirname(path);
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
