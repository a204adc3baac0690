/* notify-answer.c - answering a trapped call and the checks every call
 * makes before acting: the policy, the backup, hard links, the identity of
 * the file (notify-int.h; seccomp_unotify(2) SECCOMP_IOCTL_NOTIF_SEND and
 * SECCOMP_IOCTL_NOTIF_ADDFD). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/seccomp.h>

#include "backup.h"
#include "mask.h"
#include "notify-int.h"
#include "notify-names.h"
#include "path.h"
#include "readhide.h"
#include "refusal-hint.h"
#include "util.h"

#ifndef PIDFD_THREAD
#define PIDFD_THREAD O_EXCL
#endif

/* flags: 0, or SECCOMP_USER_NOTIF_FLAG_CONTINUE (error and val 0). */
static void send_resp(struct job *j, int error, int64_t val, uint32_t flags)
{
	struct notify *nt = j->nt;
	struct seccomp_notif_resp *resp;
	size_t size = nt->resp_size > sizeof(*resp) ? nt->resp_size : sizeof(*resp);

	resp = xcalloc(1, size);
	resp->id = j->tr->id;
	resp->error = error ? -error : 0;
	resp->val = val;
	resp->flags = flags;
	if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && errno == ENOENT)
		NOTIFY_STAT_INC(nt, vanished);
	else if (flags)
		NOTIFY_STAT_INC(nt, continued);
	else if (error)
		NOTIFY_STAT_INC(nt, refused);
	else
		NOTIFY_STAT_INC(nt, performed);
	free(resp);
	j->answered = true;
}

/* Answer with the call's own result: 0, or the errno e. */
int nj_answer(struct job *j, int e)
{
	send_resp(j, e, 0, 0);
	return 0;
}

/* Let the kernel perform the traced call (seccomp_unotify(2),
 * SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5). */
void nj_continue(struct job *j)
{
	send_resp(j, 0, 0, SECCOMP_USER_NOTIF_FLAG_CONTINUE);
}

int nj_answer_val(struct job *j, int64_t val)
{
	send_resp(j, 0, val, 0);
	return 0;
}

/* The caller is a thread (req->pid is its tid): PIDFD_THREAD names it
 * (Linux 6.9); before that only a thread-group leader has a pidfd, and
 * another thread's call fails (EINVAL) and is refused by the caller. */
int nj_caller_fd(const struct job *j, int n)
{
	cleanup_fd int pidfd = (int)syscall(SYS_pidfd_open, j->tr->pid, PIDFD_THREAD);
	int fd, e;

	if (pidfd < 0 && errno == EINVAL)
		pidfd = (int)syscall(SYS_pidfd_open, j->tr->pid, 0);
	if (pidfd < 0)
		return -1;
	fd = (int)syscall(SYS_pidfd_getfd, pidfd, n, 0);
	if (fd < 0)
		return -1;
	if (ioctl(j->nt->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &j->tr->id) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Record a refusal without answering (nj_refuse() answers too). */
void nj_record(const struct job *j, enum fsj_cap cap, const char *path, const char *reason, int e,
	       const struct fsj_decision *d)
{
	struct refusal r;
	/* a refused lock of a protected file: say so, offer no grant; but
	 * not where the user's own rule refused it (deny: [delete] on the
	 * workspace refusing git's HEAD.lock): that rule is what lifts it */
	cleanup_free char *locked = d && d->level != FSJ_LEVEL_PROTECTED &&
					    d->level != FSJ_LEVEL_EXPLICIT && reason &&
					    strcmp(reason, "policy") == 0 ?
					    refusal_hint_protected_lock(j->nt->pol, path) : NULL;
	cleanup_free char *why = locked ? xasprintf("the lock file of %s, which is protected: "
						    "no rule lifts it", locked) : NULL;
	char exe[PATH_MAX];

	memset(&r, 0, sizeof(r));
	r.cap = cap;
	r.path = path;
	r.reason = why ? why : reason;
	r.no_hint = locked != NULL;
	r.pid = j->tr->pid;
	r.comm = notify_tracee_comm(j->tr);
	r.exe = notify_tracee_exe(j->tr, exe);
	r.syscall = j->c->name;
	r.error = e;
	r.decision = d;
	refusal_record(&r);
}

/* Refuse with e and record it: cap is what was missing, path the resolved
 * path (or NULL), d the policy's decision when it refused. */
int nj_refuse(struct job *j, enum fsj_cap cap, const char *path, const char *reason, int e,
	      const struct fsj_decision *d)
{
	nj_record(j, cap, path, reason, e, d);
	return nj_answer(j, e);
}

/* Hand fd in as the call's return value (ADDFD + SEND, Linux 5.14).
 * Returns 0 (answered), or an errno: ENOENT when the caller went away. */
int nj_hand_in(struct job *j, int fd, bool cloexec)
{
	struct seccomp_notif_addfd add;

	memset(&add, 0, sizeof(add));
	add.id = j->tr->id;
	add.flags = SECCOMP_ADDFD_FLAG_SEND;
	add.srcfd = (uint32_t)fd;
	add.newfd_flags = cloexec ? O_CLOEXEC : 0;
	if (ioctl(j->nt->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add) < 0)
		return errno;
	j->answered = true;
	NOTIFY_STAT_INC(j->nt, performed);
	return 0;
}

/* The policy allows cap at path (an anonymous object, path NULL, is the
 * caller's own). *d gets the decision. */
bool nj_may(const struct job *j, const char *path, enum fsj_cap cap, struct fsj_decision *d)
{
	memset(d, 0, sizeof(*d));
	/* A capability the tier does not enforce: Landlock allows it. */
	if (!path || !(j->nt->pol->enforced & FSJ_CAPBIT(cap))) {
		d->allowed = true;
		return true;
	}
	policy_decide(j->nt->pol, path, path, cap, d);
	if (!d->allowed)
		return false;
	/* the same name through the folder's host spellings (notify-spell.h):
	 * a rule there decides as at its own path */
	for (size_t it = 0;;) {
		cleanup_free char *alt = nj_spelled(j, path, &it);
		struct fsj_decision ad;

		if (!alt)
			return true;
		policy_decide(j->nt->pol, alt, alt, cap, &ad);
		if (!ad.allowed && ad.level != FSJ_LEVEL_DEFAULT) {
			*d = ad;
			return false;
		}
	}
}

/* fsj_readhide_refuses_create() at path or one of its host spellings
 * (notify-spell.h), for a name not there now. */
static bool readhide_refuses(const struct job *j, const char *path, struct fsj_decision *d)
{
	if (faccessat(AT_FDCWD, path, F_OK, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT)
		return false;
	if (fsj_readhide_refuses_create(j->nt->pol, path, path, d))
		return true;
	for (size_t it = 0;;) {
		cleanup_free char *alt = nj_spelled(j, path, &it);

		if (!alt)
			return false;
		if (fsj_readhide_refuses_create(j->nt->pol, alt, alt, d))
			return true;
	}
}

/* Check caps (FSJ_CAPBIT mask) at path; refuses and returns false when one
 * is missing. The change the call makes is checked (and named in the
 * refusal) before the read an O_RDWR open also needs. */
bool nj_need(struct job *j, const char *path, unsigned caps)
{
	static const enum fsj_cap order[] = { FSJ_CAP_CREATE, FSJ_CAP_WRITE, FSJ_CAP_DELETE,
					      FSJ_CAP_EXECUTE, FSJ_CAP_CONNECT, FSJ_CAP_READ };
	struct fsj_decision d;

	if ((caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && !nj_discovery_ok(j, path))
		return false;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		enum fsj_cap cap = order[i];

		if ((caps & FSJ_CAPBIT(cap)) && !nj_may(j, path, cap, &d)) {
			nj_refuse(j, cap, path, "policy", EACCES, &d);
			return false;
		}
	}
	/* a name whose read is denied is kept absent (readhide.h); one that
	 * exists is hidden by its mask, which answers for itself (EBUSY,
	 * EROFS: notify-names.c, notify-masked.c) */
	if ((caps & FSJ_CAPBIT(FSJ_CAP_CREATE)) && path &&
	    (j->nt->pol->enforced & FSJ_CAPBIT(FSJ_CAP_CREATE)) && readhide_refuses(j, path, &d)) {
		nj_refuse(j, FSJ_CAP_CREATE, path, "policy", EACCES, &d);
		return false;
	}
	return true;
}

bool nj_created_here(const struct job *j, const struct stat *st)
{
	return j->nt->bc && backup_created_in_cycle(j->nt->bc, st->st_dev, st->st_ino);
}

void nj_note_created(const struct job *j, int parent, const char *name, const char *path)
{
	struct stat st;

	if (fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && notify_note_made(j->nt, &st))
		backup_note_created(j->nt->bc, path, st.st_dev, st.st_ino);
}

bool nj_creating(struct job *j, const struct loc *l, const struct stat *of)
{
	if (backup_note_creating(j->nt->bc, l->parent, l->path, of) == 0)
		return true;
	nj_refuse(j, FSJ_CAP_CREATE, l->path, "the create cannot be recorded for undo",
		  errno ? errno : EACCES, NULL);
	return false;
}

void nj_made(const struct job *j, const struct loc *l, const struct stat *of, int e)
{
	if (e)
		backup_note_cancel(j->nt->bc, l->path);
	else if (of)
		backup_note_new(j->nt->bc, l->path, of);
	else
		nj_note_created(j, l->parent, l->name, l->path);
}

int nj_host_parent(struct job *j, const struct loc *l)
{
	cleanup_free char *dir = NULL;
	struct stat want, have;
	int fd;

	j->nt->host_mode = 0;
	if (l->parent < 0 || !l->path || fstat(l->parent, &want) < 0)
		return l->parent;
	j->nt->host_mode = want.st_mode;
	if (j->nt->host_dir > 0 && j->nt->host_dev == want.st_dev && j->nt->host_ino == want.st_ino)
		return j->nt->host_dir;
	dir = path_dirname(l->path);
	fd = dir ? mask_open_exact(dir) : -1;
	if (fd < 0 || fstat(fd, &have) < 0 || !S_ISDIR(have.st_mode) ||
	    have.st_dev != want.st_dev || have.st_ino != want.st_ino) {
		if (fd >= 0)
			close(fd);
		return l->parent;
	}
	if (fd == 0) { /* never cached as 0: "none" */
		int moved = fcntl(fd, F_DUPFD_CLOEXEC, 1);

		close(fd);
		if (moved < 0)
			return l->parent;
		fd = moved;
	}
	if (j->nt->host_dir > 0)
		close(j->nt->host_dir);
	j->nt->host_dir = fd;
	j->nt->host_dev = have.st_dev;
	j->nt->host_ino = have.st_ino;
	return fd;
}

int nj_unlink_same(struct job *j, const struct loc *l)
{
	static pid_t self; /* the supervisor thread only */
	char tmp[48];
	struct stat now;
	int i, e;

	if (!self)
		self = getpid();

	/* A rename is atomic where unlink-by-name is not checked: what left
	 * the name is looked at under a name of ours, and only then removed. */
	for (i = 0; i < 100; i++) {
		snprintf(tmp, sizeof(tmp), ".fsjail-rm.%d.%lu", (int)self, ++j->nt->rm_seq);
		if (syscall(SYS_renameat2, l->parent, l->name, l->parent, tmp, RENAME_NOREPLACE) == 0)
			break;
		if (errno != EEXIST)
			return errno;
	}
	if (i == 100)
		return EEXIST;
	if (fstatat(l->parent, tmp, &now, AT_SYMLINK_NOFOLLOW) == 0 && now.st_dev == l->st.st_dev &&
	    now.st_ino == l->st.st_ino)
		return unlinkat(l->parent, tmp, 0) < 0 ? errno : 0;
	/* Another file came to the name after the checks: it goes back. */
	e = syscall(SYS_renameat2, l->parent, tmp, l->parent, l->name, RENAME_NOREPLACE) < 0 ? errno : 0;
	nj_record(j, FSJ_CAP_DELETE, l->path,
		  e ? "the file changed during the call (kept under a temporary name)"
		    : "the file changed during the call",
		  EACCES, NULL);
	return EACCES;
}

/* Save the existing file l names (content or remove), or record it (a
 * removed symlink or FIFO, metadata: backup_before_change()); false after
 * refusing the call. */
bool nj_save(struct job *j, const struct loc *l, enum backup_change what)
{
	struct fsj_error err = { { 0 } };
	char name[NAME_MAX + 1];
	int parent = l->parent, e;

	/* a mask in the caller's view is not the host's file there */
	if (!j->nt->bc || nj_created_here(j, &l->st) || nj_hides_host_file(j, l) ||
	    (!S_ISREG(l->st.st_mode) && (what == BACKUP_CHANGE_CONTENT ||
					 (what == BACKUP_CHANGE_REMOVE && S_ISDIR(l->st.st_mode)))))
		return true;
	/* META records the object itself: no name needed. */
	if (what == BACKUP_CHANGE_REMOVE)
		parent = nj_host_parent(j, l); /* a hard link, not across mounts */
	if (parent < 0 && what != BACKUP_CHANGE_META && (parent = notify_reparent(l, name)) < 0) {
		nj_refuse(j, FSJ_CAP_WRITE, l->path, "no backup: the file has no name to save it by",
		       EACCES, NULL);
		return false;
	}
	e = backup_before_change(j->nt->bc, parent, l->parent >= 0 ? l->name : name, l->obj,
				 l->path, what, "notify", &err) < 0
		    ? (errno ? errno : EACCES)
		    : 0;
	if (l->parent < 0 && parent >= 0)
		close(parent);
	if (e) {
		nj_refuse(j, FSJ_CAP_WRITE, l->path, "the backup failed", e, NULL);
		return false;
	}
	return true;
}

/* A pre-existing regular file with another name: writing it would change
 * the other names too (issue 13 item 5). false after refusing. */
bool nj_hardlink_ok(struct job *j, const struct loc *l)
{
	if (!S_ISREG(l->st.st_mode) || l->st.st_nlink <= 1 || j->nt->allow_hardlink_writes ||
	    nj_created_here(j, &l->st))
		return true;
	nj_refuse(j, FSJ_CAP_WRITE, l->path, "hard link: writing it would change the other names too",
	       EACCES, NULL);
	return false;
}

/* Read the path at addr, or refuse. */
bool nj_get_path(struct job *j, uint64_t addr, char buf[PATH_MAX])
{
	if (j->pre && addr == j->pre_addr) {
		memcpy(buf, j->pre, strlen(j->pre) + 1);
		return true;
	}
	if (notify_read_path(j->tr, j->nt->page_size, addr, buf) == 0)
		return true;
	nj_refuse(j, FSJ_CAP_WRITE, NULL, "path memory unreadable", EACCES, NULL);
	return false;
}

/* Look up raw; on an error answer (recording a refusal) and return false. */
bool nj_find(struct job *j, int dirfd, const char *raw, unsigned lk, struct loc *l)
{
	return nj_find_cap(j, dirfd, raw, lk, FSJ_CAP_WRITE, l);
}

bool nj_find_cap(struct job *j, int dirfd, const char *raw, unsigned lk, enum fsj_cap cap,
		 struct loc *l)
{
	struct fsj_decision d;
	const char *why;
	int e = notify_lookup(j->tr, dirfd, raw, lk, l, &why);

	if (e == 0) {
		if (nj_spell_note(j, l, cap))
			return true;
		notify_loc_release(l); /* refused: its folder cannot be identified */
		return false;
	}
	if (!why)
		nj_answer(j, e);
	else if (strncmp(raw, "/proc/", 6) == 0 && !nj_may(j, raw, cap, &d))
		nj_refuse(j, cap, raw, "policy", e, &d);
	else
		nj_refuse(j, cap, raw, why, e, NULL);
	return false;
}

/* A FIFO opened for writing without O_NONBLOCK and with no reader yet:
 * the open waits for a reader in a thread of its own, then hands the
 * descriptor in, so that the supervisor goes on answering meanwhile. */
struct fifo_wait {
	int listener; /* a duplicate, closed by the thread */
	int obj;      /* O_PATH of the FIFO, closed by the thread */
	int flags;
	uint64_t id;
	bool cloexec;
};

static void *fifo_wait_thread(void *arg)
{
	struct fifo_wait *w = arg;
	struct seccomp_notif_addfd add;
	struct seccomp_notif_resp resp;
	int fd = notify_reopen(w->obj, w->flags);

	memset(&add, 0, sizeof(add));
	memset(&resp, 0, sizeof(resp));
	if (fd >= 0) {
		add.id = w->id;
		add.flags = SECCOMP_ADDFD_FLAG_SEND;
		add.srcfd = (uint32_t)fd;
		add.newfd_flags = w->cloexec ? O_CLOEXEC : 0;
		(void)ioctl(w->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add);
		close(fd);
	} else {
		resp.id = w->id;
		resp.error = -errno;
		(void)ioctl(w->listener, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	}
	close(w->obj);
	close(w->listener);
	free(w);
	return NULL;
}

/* Returns 0 when the wait was handed to a thread, else -1. */
static int fifo_wait_start(struct job *j, const struct loc *l, int flags, bool cloexec)
{
	struct fifo_wait *w = xcalloc(1, sizeof(*w));

	w->listener = fcntl(j->nt->listener, F_DUPFD_CLOEXEC, 0);
	w->obj = fcntl(l->obj, F_DUPFD_CLOEXEC, 0);
	w->flags = flags;
	w->id = j->tr->id;
	w->cloexec = cloexec;
	if (w->listener < 0 || w->obj < 0 || nj_detach(fifo_wait_thread, w) != 0) {
		if (w->listener >= 0)
			close(w->listener);
		if (w->obj >= 0)
			close(w->obj);
		free(w);
		return -1;
	}
	j->answered = true;
	return 0;
}

int nj_detach(void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	pthread_t th;
	sigset_t all, old;
	int rc;

	if (pthread_attr_init(&attr) != 0)
		return -1;
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&th, &attr, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	return rc ? -1 : 0;
}

/* Open the existing object for the caller (a FIFO without waiting for
 * the other end here: see fifo_wait_start()). Returns the descriptor, -1
 * with errno, or -2 when a thread answers. */
int nj_open_existing(struct job *j, const struct loc *l, int flags, bool cloexec)
{
	int fd;

	if (!S_ISFIFO(l->st.st_mode))
		return notify_reopen(l->obj, flags);
	fd = notify_reopen(l->obj, flags | O_NONBLOCK);
	if (fd < 0 && errno == ENXIO && !(flags & O_NONBLOCK) && fifo_wait_start(j, l, flags, cloexec) == 0)
		return -2;
	if (fd >= 0 && !(flags & O_NONBLOCK))
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_answer_not_this_system;
#endif /* __linux__ */
