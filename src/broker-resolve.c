/* broker-resolve.c - every path of a broker request, resolved inside the
 * command's view, and the policy checks made on what was resolved
 * (DESIGN.md section 8; broker.h's banner gives the argument).
 *
 * Linux: the view is the peer's "/" (/proc/PID/root of the process that
 * connected, opened by the supervisor, which sees every pid). openat2(2)
 * with RESOLVE_IN_ROOT walks the command's mount namespace from there, so
 * its mount masks and its own /proc are what the walk meets, and
 * RESOLVE_NO_MAGICLINKS keeps /proc's magic links (fd/N, root, cwd, exe)
 * from jumping anywhere. The resolved spelling is what the kernel says the
 * descriptor is (/proc/self/fd/N), proven by opening that spelling again
 * with RESOLVE_NO_SYMLINKS and finding the same file. Elsewhere the host's
 * view is the command's (Seatbelt has no mount namespace): the old walk
 * without symlinks on the host's paths. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/magic.h>
#include <linux/openat2.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#endif

#include "absentid.h"
#include "audit-source.h"
#include "broker-int.h"
#include "path.h"
#include "readhide.h"

void broker_target_release(struct target *t)
{
	free(t->path);
	free(t->resolved);
	free(t->parent);
	free(t->name);
	for (size_t i = 0; i < t->n_spell; i++)
		free(t->spell[i]);
	if (t->dirfd >= 0)
		close(t->dirfd);
	memset(t, 0, sizeof(*t));
	t->dirfd = -1;
}

/* Clear t and normalise the client's string in (must be absolute) into
 * t->path. Returns 0, or -1 with *why set. */
static int target_start(struct target *t, const char *in, const char **why)
{
	int rc;

	memset(t, 0, sizeof(*t));
	t->dirfd = -1;
	if (!in || in[0] != '/') {
		*why = "path is not absolute";
		return -1;
	}
	rc = path_normalize(in, strlen(in), NULL, NULL, &t->path);
	if (rc != PATH_OK) {
		*why = path_strerror(rc);
		return -1;
	}
	return 0;
}

/* t->parent and t->name from t->resolved ("/" is "/" and ""). */
static void target_split(struct target *t)
{
	if (strcmp(t->resolved, "/") == 0) {
		t->parent = xstrdup("/");
		t->name = xstrdup("");
	} else {
		t->parent = path_dirname(t->resolved);
		t->name = xstrdup(strrchr(t->resolved, '/') + 1);
	}
}

#ifdef __linux__

/* Filesystems the broker never serves, whatever the policy says: their
 * files are views of processes and of the kernel (another process's
 * memory and environment, kernel tunables, the terminal devices), not
 * data. statfs(2) f_type, <linux/magic.h>. */
static bool pseudo_fs(long type)
{
	static const unsigned long magic[] = {
		PROC_SUPER_MAGIC,   SYSFS_MAGIC,        DEVPTS_SUPER_MAGIC, DEBUGFS_MAGIC,
		TRACEFS_MAGIC,      SECURITYFS_MAGIC,   CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC,
		BPF_FS_MAGIC,       PSTOREFS_MAGIC,     EFIVARFS_MAGIC,     NSFS_MAGIC,
		SELINUX_MAGIC,      SMACK_MAGIC,        BINFMTFS_MAGIC,     0x62656570 /* configfs */,
		0x65735543 /* fusectl */, 0x19800202 /* mqueue */,
	};
	size_t i;

	for (i = 0; i < sizeof(magic) / sizeof(magic[0]); i++)
		if ((unsigned long)type == magic[i])
			return true;
	return false;
}

static bool fd_on_pseudo_fs(int fd)
{
	struct statfs sf;

	/* cannot tell: fail closed */
	return fstatfs(fd, &sf) < 0 || pseudo_fs((long)sf.f_type);
}

static int view_openat(int dirfd, const char *path, int flags, unsigned long long resolve)
{
	struct open_how how = {
		.flags = (unsigned long long)(flags | O_CLOEXEC),
		.resolve = resolve,
	};
	long fd;

	do
		fd = syscall(SYS_openat2, dirfd, path, &how, sizeof(how));
	while (fd < 0 && errno == EAGAIN);
	return (int)fd;
}

/* The absolute spelling of fd in root_fd's view: what the kernel reports
 * for it, accepted only when that spelling, walked again without any
 * symlink, reaches the same file. Returns a new string or NULL (errno). */
static char *fd_text(int root_fd, int fd)
{
	char link[64], buf[FSJ_PATH_MAX + 1];
	struct stat a, b;
	ssize_t n;
	int chk;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, buf, sizeof(buf) - 1);
	if (n < 0)
		return NULL;
	if (n == 0 || (size_t)n >= sizeof(buf) - 1 || buf[0] != '/') {
		errno = ENAMETOOLONG;
		return NULL;
	}
	buf[n] = '\0';
	chk = view_openat(root_fd, buf, O_PATH | O_NOFOLLOW,
			  RESOLVE_IN_ROOT | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS);
	if (chk < 0) {
		errno = EXDEV; /* cannot tell which file the spelling names */
		return NULL;
	}
	if (fstat(chk, &a) < 0 || fstat(fd, &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		close(chk);
		errno = EXDEV;
		return NULL;
	}
	close(chk);
	return xstrdup(buf);
}

int broker_view_open(int sock, pid_t pid)
{
	char proc[64];
	int pidfd = -1, root, e;

#ifdef SO_PEERPIDFD
	socklen_t len = sizeof(pidfd);

	if (getsockopt(sock, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &len) < 0)
		pidfd = -1;
#else
	(void)sock;
#endif
#ifdef SYS_pidfd_open
	if (pidfd < 0)
		pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
#endif
	snprintf(proc, sizeof(proc), "/proc/%ld/root", (long)pid);
	root = open(proc, O_PATH | O_DIRECTORY | O_CLOEXEC);
	e = errno;
	/* The root belongs to the peer only if the peer still lives: a pid
	 * reused in between would lend another process's view. */
#ifdef SYS_pidfd_send_signal
	if (root >= 0 && (pidfd < 0 || syscall(SYS_pidfd_send_signal, pidfd, 0, NULL, 0) < 0)) {
		e = pidfd < 0 ? ESRCH : errno;
		close(root);
		root = -1;
	}
#endif
	if (pidfd >= 0)
		close(pidfd);
	errno = e;
	return root;
}

char *broker_view_resolve(int root_fd, const char *abs, bool *pseudo)
{
	char *p = xstrdup(abs), *text, *out;
	const char *rest;
	int fd;

	*pseudo = false;
	for (;;) {
		fd = view_openat(root_fd, p, O_PATH, RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS);
		if (fd >= 0 || (errno != ENOENT && errno != ENOTDIR) || strcmp(p, "/") == 0)
			break;
		text = path_dirname(p);
		free(p);
		p = text;
	}
	if (fd < 0) {
		free(p);
		return NULL;
	}
	*pseudo = fd_on_pseudo_fs(fd);
	text = fd_text(root_fd, fd);
	close(fd);
	if (!text) {
		free(p);
		return NULL;
	}
	rest = abs + strlen(p);
	while (*rest == '/')
		rest++;
	out = *rest ? path_join(text, rest) : xstrdup(text);
	free(text);
	free(p);
	return out;
}

/* t->spell: t->resolved under the other host spellings of the folder
 * held (absentid.h), so a rule on a name not made yet holds through
 * another mount of its folder (alias26). 0, or -1 (*why): the folder
 * cannot be identified (fail closed). */
static int spell(struct target *t, const char **why)
{
	char *dirs[BROKER_SPELL_MAX];
	int n;

	if (t->dirfd < 0 || !t->name[0])
		return 0;
	n = absentid_spell(absentid_run(), t->dirfd, t->parent, dirs, BROKER_SPELL_MAX);
	if (n < 0) {
		*why = "its folder cannot be identified (a rule at another mount of it could not "
		       "be found)";
		return -1;
	}
	for (int i = 0; i < n; i++) {
		t->spell[t->n_spell++] = path_join(dirs[i], t->name);
		free(dirs[i]);
	}
	return 0;
}

/* Split the resolved spelling into parent and name, open the parent
 * (O_PATH) and note the last component. Returns 0 or -1 (*why). */
static int open_parent(struct target *t, int root_fd, const char **why)
{
	bool pseudo = false;

	target_split(t);
	t->dirfd = view_openat(root_fd, t->parent, O_PATH | O_DIRECTORY,
			       RESOLVE_IN_ROOT | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS);
	if (t->dirfd < 0) {
		if (errno != ENOENT && errno != ENOTDIR) {
			*why = "cannot tell which file the path names";
			return -1;
		}
		/* the folder is missing: only its deepest ancestor can be
		 * judged (the request fails when it acts) */
		free(broker_view_resolve(root_fd, t->parent, &pseudo));
	} else {
		pseudo = fd_on_pseudo_fs(t->dirfd);
	}
	if (pseudo) {
		*why = "a pseudo-filesystem (/proc, /sys, ...) is never served";
		return -1;
	}
	if (t->dirfd >= 0 && t->name[0] &&
	    fstatat(t->dirfd, t->name, &t->st, AT_SYMLINK_NOFOLLOW) == 0) {
		int obj;

		t->exists = true;
		if (S_ISCHR(t->st.st_mode) || S_ISBLK(t->st.st_mode)) {
			*why = "a device node is never served";
			return -1;
		}
		/* a mount point of a pseudo-filesystem (/proc itself) */
		obj = view_openat(t->dirfd, t->name, O_PATH | O_NOFOLLOW, RESOLVE_NO_MAGICLINKS);
		if (obj < 0 || fd_on_pseudo_fs(obj)) {
			if (obj >= 0)
				close(obj);
			*why = "a pseudo-filesystem (/proc, /sys, ...) is never served";
			return -1;
		}
		close(obj);
	}
	return spell(t, why);
}

int broker_target_init(struct target *t, int root_fd, const char *in, bool follow_last,
		       const char **why)
{
	char *dir, *rdir;
	bool pseudo = false;
	int obj;

	if (target_start(t, in, why) < 0)
		return -1;
	if (root_fd < 0) {
		*why = "the command's view is not known";
		return -1;
	}
	if (follow_last) {
		obj = view_openat(root_fd, t->path, O_PATH,
				  RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS);
		if (obj >= 0) {
			pseudo = fd_on_pseudo_fs(obj);
			t->resolved = fd_text(root_fd, obj);
			close(obj);
			if (pseudo) {
				*why = "a pseudo-filesystem (/proc, /sys, ...) is never served";
				return -1;
			}
			if (!t->resolved) {
				*why = "cannot tell which file the path names";
				return -1;
			}
			return open_parent(t, root_fd, why);
		}
		if (errno != ENOENT && errno != ENOTDIR) {
			*why = errno == ELOOP ? "too many symbolic links, or a magic link"
					      : "cannot resolve the path";
			return -1;
		}
	}
	if (strcmp(t->path, "/") == 0) {
		t->resolved = xstrdup("/");
		return open_parent(t, root_fd, why);
	}
	dir = path_dirname(t->path);
	rdir = broker_view_resolve(root_fd, dir, &pseudo);
	free(dir);
	if (!rdir) {
		*why = errno == ELOOP ? "too many symbolic links, or a magic link"
				      : "cannot tell which file the path names";
		return -1;
	}
	t->resolved = path_join(rdir, strrchr(t->path, '/') + 1);
	free(rdir);
	if (pseudo) {
		*why = "a pseudo-filesystem (/proc, /sys, ...) is never served";
		return -1;
	}
	return open_parent(t, root_fd, why);
}

bool broker_target_still(const struct target *t, int root_fd)
{
	char *now;
	bool same;

	if (t->dirfd < 0)
		return true;
	now = fd_text(root_fd, t->dirfd);
	same = now && strcmp(now, t->parent) == 0;
	free(now);
	return same;
}

#else /* !__linux__ */

bool broker_target_still(const struct target *t, int root_fd)
{
	(void)t;
	(void)root_fd;
	return true;
}

int broker_view_open(int sock, pid_t pid)
{
	(void)sock;
	(void)pid;
	return -2;
}

char *broker_view_resolve(int root_fd, const char *abs, bool *pseudo)
{
	(void)root_fd;
	*pseudo = false;
	return path_resolve(abs);
}

int broker_target_init(struct target *t, int root_fd, const char *in, bool follow_last,
		       const char **why)
{
	(void)root_fd;
	if (target_start(t, in, why) < 0)
		return -1;
	if (follow_last) {
		t->resolved = path_resolve(t->path);
	} else if (strcmp(t->path, "/") == 0) {
		t->resolved = xstrdup("/");
	} else {
		char *dir = path_dirname(t->path);
		char *rdir = path_resolve(dir);

		t->resolved = path_join(rdir, strrchr(t->path, '/') + 1);
		free(dir);
		free(rdir);
	}
	target_split(t);
	t->dirfd = open_dir_nosymlinks(t->parent);
	if (t->dirfd >= 0 && t->name[0] &&
	    fstatat(t->dirfd, t->name, &t->st, AT_SYMLINK_NOFOLLOW) == 0) {
		t->exists = true;
		if (S_ISCHR(t->st.st_mode) || S_ISBLK(t->st.st_mode)) {
			*why = "a device node is never served";
			return -1;
		}
	}
	return 0;
}

#endif

int broker_host_dirfd(const struct target *t)
{
	struct stat a, b;
	int fd;

	if (t->dirfd < 0) {
		errno = ENOENT;
		return -1;
	}
	fd = open_dir_nosymlinks(t->parent);
	if (fd < 0)
		return -1;
	if (fstat(fd, &a) < 0 || fstat(t->dirfd, &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		close(fd);
		errno = EXDEV;
		return -1;
	}
	return fd;
}

/* --- decisions ------------------------------------------------------------ */

/* fsj_readhide_refuses_create() at one of t's host spellings. */
static bool readhide_spelled(const struct broker *b, const struct target *t,
			     struct fsj_decision *d)
{
	for (size_t i = 0; i < t->n_spell; i++)
		if (fsj_readhide_refuses_create(b->pol, t->spell[i], t->spell[i], d))
			return true;
	return false;
}

bool broker_check(const struct broker *b, const struct target *t, unsigned caps,
		  struct verdict *v)
{
	struct fsj_decision d;
	int c;

	memset(v, 0, sizeof(*v));
	v->source = "policy";
	if (path_covers(b->ctx->env.state_dir, t->path) ||
	    path_covers(b->ctx->env.state_dir, t->resolved)) {
		v->why = "fsjail's own state is a protected path";
		return false;
	}
	for (c = 0; c < FSJ_CAP_COUNT; c++) {
		if (!(caps & FSJ_CAPBIT(c)))
			continue;
		policy_decide(b->pol, t->path, t->resolved, (enum fsj_cap)c, &d);
		/* a rule at another host spelling of the folder decides as at
		 * its own path (absentid.h); no rule there takes nothing away */
		for (size_t i = 0; d.allowed && i < t->n_spell; i++) {
			struct fsj_decision ad;

			policy_decide(b->pol, t->spell[i], t->spell[i], (enum fsj_cap)c, &ad);
			if (!ad.allowed && ad.level != FSJ_LEVEL_DEFAULT)
				d = ad;
		}
		if (d.allowed) {
			/* the audit line names what allowed the last capability */
			v->source = audit_level_source(d.level);
			v->rule_id = d.rule ? d.rule->id : NULL;
			continue;
		}
		v->cap = (enum fsj_cap)c;
		v->by_policy = true;
		v->source = audit_level_source(d.level);
		v->rule_id = d.rule ? d.rule->id : NULL;
		v->why = d.level == FSJ_LEVEL_PROTECTED ? "protected path" : "not granted";
		return false;
	}
	/* a name whose read is denied is kept absent (readhide.h) */
	if ((caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && (b->pol->enforced & FSJ_CAPBIT(FSJ_CAP_CREATE)) &&
	    (fsj_readhide_refuses_create(b->pol, t->path, t->resolved, &d) ||
	     readhide_spelled(b, t, &d))) {
		v->cap = FSJ_CAP_CREATE;
		v->by_policy = true;
		v->source = audit_level_source(d.level);
		v->rule_id = d.rule ? d.rule->id : NULL;
		v->why = "its read is denied: it is kept absent";
		return false;
	}
	v->allowed = true;
	return true;
}

bool broker_denied_below_target(const struct broker *b, const struct target *t, unsigned caps)
{
	if (broker_denied_below(b, t->path, t->resolved, caps))
		return true;
	for (size_t i = 0; i < t->n_spell; i++)
		if (broker_denied_below(b, t->spell[i], t->spell[i], caps))
			return true;
	return false;
}

bool broker_denied_below(const struct broker *b, const char *path, const char *resolved,
			 unsigned caps)
{
	const struct fsj_policy *pol = b->pol;
	const char *state = b->ctx->env.state_dir;
	size_t i;

	if (path_covers(path, state) || path_covers(resolved, state))
		return true;
	for (i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		const char *rp = r->resolved ? r->resolved : r->path;

		if (!(r->deny & caps))
			continue;
		if (path_covers(path, r->path) || path_covers(resolved, r->path) ||
		    path_covers(path, rp) || path_covers(resolved, rp))
			return true;
	}
	return false;
}
