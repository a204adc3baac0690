/* notify-ops.c - each trapped call, decoded and performed by the
 * supervisor (notify.h states the guarantee; seccomp_unotify(2),
 * SECCOMP_IOCTL_NOTIF_ADDFD, openat2(2), rename(2), link(2), open(2)).
 *
 * No trapped path operation is answered CONTINUE (but an O_PATH open,
 * which decides nothing: op_open()): the kernel would read the caller's
 * path again, after the check (a thread or a symlink swap could change it
 * between). The supervisor reads every argument once, resolves it in the
 * caller's view (notify-path.c), decides with the policy on the resolved
 * path, takes the backup, performs the call with its own *at() calls on
 * the directory it holds, and answers with the result; opens are handed
 * in with ADDFD + SEND. When it cannot
 * tell which file a call touches it refuses (EACCES or EPERM) and records
 * the refusal (refusal.h). */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/openat2.h>

#include "backup.h"
#include "hostlock.h"
#include "notify-caps.h"
#include "notify-gitlink.h"
#include "notify-int.h"
#include "notify-linkto.h"
#include "notify-plant.h"
#include "notify-masknew.h" /* and notify-masked.h */
#include "notify-openhow.h"
#include "notify-rename.h"
#include "notify-sockname.h"
#include "path.h"
#include "toolcache.h"
#include "trash.h"
#include "util.h"

/* A file the command makes never gets a set-user-ID or set-group-ID bit
 * (a root command would leave a program any user can run as root: see
 * notify-meta.c setid_refused()); the bits are dropped as a umask drops
 * others, and a later chmod to set them is refused. */
#define NOTIFY_SETID_BITS ((mode_t)(S_ISUID | S_ISGID))

static int op_open_new(struct job *j, struct loc *l, uint64_t flags, uint64_t mode)
{
	cleanup_fd int fd = -1;
	int acc = (int)(flags & O_ACCMODE), e;

	if (!(flags & O_CREAT))
		return nj_answer(j, ENOENT);
	if (l->trailing_slash)
		return nj_answer(j, EISDIR);
	if (flags & O_DIRECTORY)
		return nj_answer(j, EINVAL);
	e = nj_gitfile_remake(j, l, flags);
	if (e <= 0)
		return e;
	if (!nj_need(j, l->path, FSJ_CAPBIT(FSJ_CAP_CREATE) |
				      (acc == O_RDWR ? FSJ_CAPBIT(FSJ_CAP_READ) : 0u)) ||
	    nj_newrepo_empty_config(j, l, (mode_t)(mode & 0666), flags) ||
	    !nj_repo_ok(j, l, FSJ_CAPBIT(FSJ_CAP_CREATE), S_IFREG) ||
	    !nj_rendezvous_ok(j, l, S_IFREG) || !nj_creating(j, l, NULL))
		return 0;
	WITH_UMASK(j, fd = openat(l->parent, l->name,
				  (int)(flags & NJ_KEEP_FLAGS) | O_CREAT | O_EXCL | O_NOFOLLOW |
					  O_CLOEXEC | O_NOCTTY,
				  (mode_t)(mode & 07777 & ~NOTIFY_SETID_BITS));
		   e = errno);
	nj_made(j, l, NULL, fd < 0 ? e : 0);
	if (fd < 0)
		return e == EEXIST && !(flags & O_EXCL) ? -EAGAIN : nj_answer_make_failed(j, l, e);
	e = nj_hand_in(j, fd, (flags & O_CLOEXEC) != 0);
	if (e == 0)
		NOTIFY_STAT_INC(j->nt, created);
	if (e) {
		struct stat a, b;

		/* Not handed in: leave no trace of it. */
		if (fstat(fd, &a) == 0 && fstatat(l->parent, l->name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			(void)unlinkat(l->parent, l->name, 0);
		if (e != ENOENT)
			nj_answer(j, e == EMFILE ? EMFILE : EACCES);
	}
	return 0;
}

static int op_open_existing(struct job *j, struct loc *l, uint64_t flags)
{
	cleanup_fd int fd = -1, tfd = -1;
	int acc = (int)(flags & O_ACCMODE), e;
	bool writes = acc != O_RDONLY || (flags & O_TRUNC);
	unsigned caps = 0;

	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		return nj_answer(j, EEXIST);
	if (S_ISLNK(l->st.st_mode))
		return nj_answer(j, ELOOP);
	if ((flags & O_DIRECTORY) && !S_ISDIR(l->st.st_mode))
		return nj_answer(j, ENOTDIR);
	if (S_ISDIR(l->st.st_mode) && (writes || (flags & O_CREAT)))
		return nj_answer(j, EISDIR);
	if (S_ISSOCK(l->st.st_mode))
		return nj_answer(j, ENXIO);
	if (nj_pty_open(j, l, flags, writes))
		return 0;
	if (acc != O_WRONLY)
		caps |= FSJ_CAPBIT(FSJ_CAP_READ);
	if (writes)
		caps |= FSJ_CAPBIT(FSJ_CAP_WRITE);
	if (writes && acc == O_WRONLY && (flags & O_TRUNC) && (e = nj_gitfile_rewrite(j, l, flags)) <= 0)
		return e;
	if (!nj_need(j, l->path, caps) || (writes && !nj_hardlink_ok(j, l)) ||
	    (writes && !nj_repo_ok(j, l, FSJ_CAPBIT(FSJ_CAP_WRITE), 0)))
		return 0;
	if (writes && !nj_save(j, l, BACKUP_CHANGE_CONTENT))
		return 0;
	fd = nj_open_existing(j, l, (int)(flags & NJ_KEEP_FLAGS), (flags & O_CLOEXEC) != 0);
	if (fd == -2)
		return 0;
	if (fd < 0)
		return nj_answer_change_failed(j, l, errno);
	if (!nj_same(fd, &l->st))
		return nj_refuse(j, FSJ_CAP_WRITE, l->path, "the file changed during the call", EACCES,
			      NULL);
	if ((flags & O_TRUNC) && S_ISREG(l->st.st_mode)) {
		tfd = acc == O_RDONLY ? notify_reopen(l->obj, O_WRONLY) : -1;
		if (ftruncate(tfd >= 0 ? tfd : fd, 0) < 0)
			return nj_answer(j, errno);
	}
	e = nj_hand_in(j, fd, (flags & O_CLOEXEC) != 0);
	return e && e != ENOENT ? nj_answer(j, EACCES) : 0;
}

static int op_open(struct job *j)
{
	char raw[PATH_MAX];
	uint64_t flags = j->c->flags, mode = j->c->mode, resolve = 0;
	unsigned lk = 0;
	int r, tries;
	struct loc l;

	if (j->c->openat2 && nj_read_how(j, &flags, &mode, &resolve) < 0)
		return 0;
	if ((flags & O_ACCMODE) == O_ACCMODE)
		return nj_answer(j, EINVAL);
	/* O_PATH beats every flag (fs/open.c build_open_how()): the open the
	 * filter lets through untrapped, which ADDFD cannot hand in (fget():
	 * EBADF). open/openat's flags are a register: CONTINUE; openat2's,
	 * memory a thread could rewrite: ENOSYS (callers fall back). */
	if (flags & O_PATH)
		return j->c->openat2 ? nj_answer(j, ENOSYS) : (nj_continue(j), 0);
	if ((flags & O_TMPFILE) == O_TMPFILE)
		return nj_answer(j, EOPNOTSUPP); /* not emulated: callers fall back */
	if (!nj_get_path(j, j->c->path, raw))
		return 0;
	if (!(flags & O_NOFOLLOW) && (flags & (O_CREAT | O_EXCL)) != (O_CREAT | O_EXCL))
		lk |= LK_FOLLOW;
	lk |= (resolve & RESOLVE_NO_SYMLINKS ? LK_NO_SYMLINKS : 0) |
	      (resolve & RESOLVE_NO_XDEV ? LK_NO_XDEV : 0) |
	      (resolve & RESOLVE_BENEATH ? LK_BENEATH : 0) |
	      (resolve & RESOLVE_IN_ROOT ? LK_IN_ROOT : 0);
	if ((resolve & (RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS)) && (flags & O_NOFOLLOW))
		lk &= ~LK_FOLLOW;
	/* A race with another creator makes a new name an existing one:
	 * look again, once. */
	for (tries = 0; tries < 2; tries++) {
		if (!nj_find(j, j->c->dirfd, raw, lk, &l))
			return 0;
		if (l.magic && (flags & O_NOFOLLOW))
			r = nj_answer(j, ELOOP);
		else if (l.obj < 0)
			r = op_open_new(j, &l, flags, mode);
		else
			r = op_open_existing(j, &l, flags);
		notify_loc_release(&l);
		if (r != -EAGAIN)
			return 0;
	}
	return nj_answer(j, EEXIST);
}

/* symlink, mkdir, mknod: make a new name. */
static int op_make(struct job *j)
{
	char raw[PATH_MAX], target[PATH_MAX];
	const struct notify_call *c = j->c;
	bool sym = c->op == NOTIFY_OP_SYMLINK;
	mode_t type = (mode_t)(c->mode & S_IFMT);
	mode_t ft = sym ? S_IFLNK : c->op == NOTIFY_OP_MKDIR ? S_IFDIR : (type ? type : S_IFREG);
	struct loc l;
	int e = -1;

	if (c->op == NOTIFY_OP_MKNOD && type != 0 && type != S_IFREG && type != S_IFIFO &&
	    type != S_IFSOCK)
		return type == S_IFCHR || type == S_IFBLK
			       ? nj_refuse(j, FSJ_CAP_CREATE, NULL, "device node", EPERM, NULL)
			       : nj_answer(j, EINVAL);
	if (sym && !nj_get_path(j, c->path, target))
		return 0;
	if (!nj_get_path(j, sym ? c->path2 : c->path, raw) ||
	    !nj_find_cap(j, sym ? c->dirfd2 : c->dirfd, raw, 0, FSJ_CAP_CREATE, &l))
		return 0;
	if (l.obj >= 0 || l.parent < 0)
		e = EEXIST;
	else if (l.trailing_slash && c->op != NOTIFY_OP_MKDIR)
		e = ENOENT;
	else if (sym && !target[0])
		e = ENOENT;
	else if (!nj_need(j, l.path, FSJ_CAPBIT(FSJ_CAP_CREATE)) ||
		 !nj_repo_ok(j, &l, FSJ_CAPBIT(FSJ_CAP_CREATE), ft) || !nj_rendezvous_ok(j, &l, ft) ||
		 !nj_gitlink_ok(j, &l, ft, -1) ||
		 (c->op == NOTIFY_OP_MKDIR &&
		  nj_plant_refused(j, l.path, (mode_t)(c->mode & 07777 & ~j->tr->st.umask))))
		;
	else if (sym && (!nj_guard_redirect(j, l.path) || !nj_linkto_ok(j, &l, target)))
		;
	else if (nj_creating(j, &l, NULL)) {
		if (sym) {
			e = symlinkat(target, l.parent, l.name);
			/* judged again when the command has ended (linkkeep.h) */
			if (e == 0 && (errno = nj_linkto_keep(j, l.parent, l.name)) != 0) {
				int kept = errno;

				(void)unlinkat(l.parent, l.name, 0);
				errno = kept;
				e = -1;
			}
		}
		else if (c->op == NOTIFY_OP_MKDIR)
			WITH_UMASK(j, e = mkdirat(l.parent, l.name, (mode_t)(c->mode & 07777)));
		else
			WITH_UMASK(j, e = mknodat(l.parent, l.name,
						  (mode_t)(c->mode & (S_IFMT | 07777) &
							   ~NOTIFY_SETID_BITS), 0));
		e = e < 0 ? errno : 0;
		nj_made(j, &l, NULL, e);
	}
	if (e >= 0)
		nj_answer_make_failed(j, &l, e);
	notify_loc_release(&l);
	return 0;
}

/* Whether call c makes nothing, so the caller's umask is never needed
 * (WITH_UMASK() is reached by a create only): an unlink, rename, link or
 * truncate, or an open(2)/openat(2) with neither O_CREAT nor O_TMPFILE
 * (git opens /dev/null O_RDWR in every process). openat2's flags are in
 * the caller's memory, read later: not counted. Such a caller's identity
 * is read from its pidfd, not its status text (notify_tracee_begin()). */
static bool makes_nothing(const struct notify_call *c)
{
	if (c->op == NOTIFY_OP_OPEN)
		return !c->openat2 && !(c->flags & (O_CREAT | (O_TMPFILE & ~O_DIRECTORY)));
	return c->op == NOTIFY_OP_UNLINK || c->op == NOTIFY_OP_RENAME || c->op == NOTIFY_OP_LINK ||
	       c->op == NOTIFY_OP_TRUNCATE;
}

/*
 * ============ trust boundary: a trapped call from the sandboxed tree ============
 * Runs in fsjail's supervisor thread with all of fsjail's rights, outside
 * the sandbox, on behalf of a caller that is not trusted: its path, flags,
 * mode, structs, memory, cwd and descriptors may be anything and may change
 * while we look (seccomp_unotify(2) NOTES). So every argument is read once;
 * the lookup is done here, on descriptors we hold, in the caller's view;
 * the policy decides on the path the kernel gives for the directory we
 * hold plus the final name; and the call is performed here, on that
 * directory, and answered with its result. The kernel never performs a
 * call the hook decides (no CONTINUE): there is no second read of the path
 * to race. (Reads and executes traced for the report continue: they are
 * decided by Landlock, not here; notify-trace.c.)
 * Whatever cannot be told for certain is refused and recorded.
 * ==================================================================================
 */
void notify_handle(struct notify *nt, const struct seccomp_notif *req)
{
	struct notify_call c = { .name = "unknown" };
	struct tracee tr = { .id = req->id, .pid = (pid_t)req->pid, .procfd = -1, .memfd = -1,
			     .rootfd = -1, .pidfd = -1 };
	struct job j = { .nt = nt, .tr = &tr, .c = &c };
	char pre[PATH_MAX];
	uint64_t args[6];
	bool locked, light, need_mem;
	uint64_t saved = 0;
	int lowered;

	memcpy(args, req->data.args, sizeof(args));
	if (notify_decode(nt->arch, nt->n_arch, req->data.arch, req->data.nr, args, &c) < 0) {
		nj_refuse(&j, FSJ_CAP_WRITE, NULL, "a call the hook cannot decode", EPERM, NULL);
		return;
	}
	if (c.op == NOTIFY_OP_SOCKNAME) { /* no path, no identity needed */
		notify_op_sockname(&j);
		return;
	}
	/* /proc/PID first, then ID_VALID: from then on procfd is the
	 * caller's, even if the pid is reused (seccomp_unotify(2)). A call
	 * that makes nothing needs no umask: its identity is read without
	 * the status text, before ID_VALID (notify-int.h). */
	notify_tracee_begin(nt, req, &tr, makes_nothing(&c));
	light = tr.light;
	/* an unlink's one path, read by id, as the identity is */
	if (light && c.op == NOTIFY_OP_UNLINK &&
	    notify_vm_read_path(tr.pid, nt->page_size, c.path, pre) == 0) {
		j.pre = pre;
		j.pre_addr = c.path;
	}
	if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &tr.id) < 0) {
		NOTIFY_STAT_INC(nt, vanished);
		goto out;
	}
	/* an open reads its path from mem: opened now (the kept /proc/TID
	 * is the caller's after ID_VALID), so an unreadable one says why;
	 * a traced read reads it too */
	if (light && c.op == NOTIFY_OP_OPEN && tr.memfd < 0 && tr.procfd >= 0)
		tr.memfd = openat(tr.procfd, "mem", O_RDONLY | O_CLOEXEC);
	if (c.op == NOTIFY_OP_REFUSED || notify_trace_only(nt, &c)) { /* EPERM; decides nothing */
		(c.op == NOTIFY_OP_REFUSED ? notify_op_refused(&j) : notify_trace(&j));
		goto out;
	}
	need_mem = !light || c.op == NOTIFY_OP_OPEN;
	if (tr.procfd < 0 || (need_mem && tr.memfd < 0) || tr.rootfd < 0 ||
	    (!light && notify_read_status(tr.procfd, "status", &tr.st) < 0)) {
		/* user12: ssh-agent (set-group-ID) as an ordinary user: its
		 * mkdtemp() was refused with no word on why; user14: gpg-agent
		 * is neither, but makes itself not dumpable */
		nj_refuse(&j, FSJ_CAP_WRITE, NULL,
			  tr.procfd >= 0 && need_mem && tr.memfd < 0
				  ? "the caller's memory cannot be read (it is not dumpable: a "
				    "set-user-ID or set-group-ID program, as ssh-agent is, or one "
				    "that makes itself so, as gpg-agent does, is closed to fsjail "
				    "run by an ordinary user): what it would make cannot be checked"
				  : "the caller cannot be read",
			  EACCES, NULL);
		goto out;
	}
	/* A chrooted caller resolves "/" and ".." against its own root. */
	if (!notify_tracee_root_ok(nt, &tr)) {
		nj_refuse(&j, FSJ_CAP_WRITE, NULL, "chrooted caller", EPERM, NULL);
		goto out;
	}
	/* Only the caller's own identity is acted for: root with
	 * CAP_DAC_OVERRIDE must not do what a caller without it could not. */
	if (!nt->own_umask || tr.st.fsuid != nt->uid || tr.st.fsgid != nt->gid ||
	    (nt->dac_override && !(tr.st.cap_eff & (1ULL << CAP_DAC_OVERRIDE)))) {
		nj_refuse(&j, FSJ_CAP_WRITE, NULL, "the caller's identity differs from fsjail's",
		       EACCES, NULL);
		goto out;
	}
	/* without the capabilities over files the caller lacks (att20) */
	lowered = notify_caps_for_caller(nt, &tr, &saved);
	if (lowered < 0) {
		nj_refuse(&j, FSJ_CAP_WRITE, NULL,
			  "fsjail cannot give up the capabilities the caller lacks", EACCES,
			  NULL);
		goto out;
	}
	/* connect and the sends can wait on a peer (the broker's own socket
	 * among them): not under the lock; bind makes a name, and is */
	locked = c.op != NOTIFY_OP_SOCK || strcmp(c.name, "bind") == 0;
	if (locked)
		hostlock_take();
	switch (c.op) {
	case NOTIFY_OP_OPEN:
		op_open(&j);
		break;
	case NOTIFY_OP_TRUNCATE:
		notify_op_truncate(&j);
		break;
	case NOTIFY_OP_UNLINK:
		notify_op_unlink(&j);
		break;
	case NOTIFY_OP_RENAME:
		notify_op_rename(&j);
		break;
	case NOTIFY_OP_LINK:
		notify_op_link(&j);
		break;
	case NOTIFY_OP_SYMLINK:
	case NOTIFY_OP_MKDIR:
	case NOTIFY_OP_MKNOD:
		op_make(&j);
		break;
	case NOTIFY_OP_META:
		notify_op_meta(&j);
		break;
	case NOTIFY_OP_EXEC: case NOTIFY_OP_REFUSED: case NOTIFY_OP_SOCKNAME: /* above */
		break;
	case NOTIFY_OP_SOCK:
		notify_op_sock(&j);
		break;
	}
	if (locked)
		hostlock_give();
	if (lowered > 0)
		notify_caps_restore(saved);
	if (!j.answered)
		nj_answer(&j, EACCES); /* fail closed: no path leaves unanswered */
out:
	nj_spell_release(&j);
	notify_tracee_end(&tr);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_ops_not_this_system;
#endif /* __linux__ */
