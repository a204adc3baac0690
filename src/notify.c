/* notify.c - the create hook: seccomp user notification for creating opens
 * (DESIGN.md sections 2 and 8 "Linux interception", SBPL-NOTES.md section
 * 10; seccomp_unotify(2), seccomp(2) SECCOMP_FILTER_FLAG_NEW_LISTENER,
 * libseccomp seccomp_rule_add(3) and seccomp_notify_fd(3), openat2(2)).
 *
 * The child loads a filter that traps open/openat with O_CREAT, creat and
 * openat2 (BPF cannot read openat2's struct) and refuses io_uring, then
 * sends the listener to the supervisor thread here. For each trapped call
 * the thread reads the path from the caller's memory, resolves it the way
 * the kernel would for the caller, and decides:
 *   - CONTINUE (the kernel performs the call, Landlock decides) unless every
 *     condition of the next case holds, and whenever it cannot tell;
 *   - act: create allowed, write not allowed, the file does not exist, the
 *     open writes: the thread creates the file itself (O_EXCL, O_NOFOLLOW,
 *     in a parent opened without following symlinks), with the caller's
 *     umask and identity, and hands the descriptor in atomically with
 *     SECCOMP_IOCTL_NOTIF_ADDFD + SECCOMP_ADDFD_FLAG_SEND.
 * CONTINUE can never widen what Landlock allows, so every doubt goes there;
 * once the decision is "act", an internal failure answers EACCES (fail
 * closed) rather than CONTINUE. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "backup.h"
#include "fdpass.h"
#include "notify.h"
#include "path.h"
#include "policy.h"
#include "trash.h"
#include "util.h"

/* Set by notify_set_backup(), read by notify_new(). */
static struct backup_cycle *hook_bc;
static char *hook_trash_home;

void notify_set_backup(struct backup_cycle *bc, const char *trash_home)
{
	free(hook_trash_home);
	hook_bc = bc;
	hook_trash_home = bc && trash_home ? xstrdup(trash_home) : NULL;
}

#ifdef __linux__
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/openat2.h>

/* The calls the filter traps, in the order of notify.nr[][]. */
enum notify_call {
	NOTIFY_CALL_OPEN = 0,
	NOTIFY_CALL_OPENAT,
	NOTIFY_CALL_CREAT,
	NOTIFY_CALL_OPENAT2,
	/* Trapped only with backups on (notify_set_backup()). */
	NOTIFY_CALL_TRUNCATE,
	NOTIFY_CALL_UNLINK,
	NOTIFY_CALL_UNLINKAT,
	NOTIFY_CALL_RENAME,
	NOTIFY_CALL_RENAMEAT,
	NOTIFY_CALL_RENAMEAT2,
	NOTIFY_CALL_COUNT
};
static const char *const call_names[NOTIFY_CALL_COUNT] = {
	[NOTIFY_CALL_OPEN] = "open",
	[NOTIFY_CALL_OPENAT] = "openat",
	[NOTIFY_CALL_CREAT] = "creat",
	[NOTIFY_CALL_OPENAT2] = "openat2",
	[NOTIFY_CALL_TRUNCATE] = "truncate",
	[NOTIFY_CALL_UNLINK] = "unlink",
	[NOTIFY_CALL_UNLINKAT] = "unlinkat",
	[NOTIFY_CALL_RENAME] = "rename",
	[NOTIFY_CALL_RENAMEAT] = "renameat",
	[NOTIFY_CALL_RENAMEAT2] = "renameat2",
};

/* io_uring performs opens from kernel workers without passing through the
 * syscall filter (SBPL-NOTES.md section 9): refused, so that nothing goes
 * around the hook. Programs fall back to ordinary calls on EPERM. */
static const char *const refused_calls[] = { "io_uring_setup", "io_uring_enter",
					     "io_uring_register" };

/* Terminal ioctls that inject input into fsjail's caller. */
static const unsigned long refused_ioctls[] = { TIOCSTI, TIOCLINUX };

/* The kernel's O_LARGEFILE: 0 in glibc's headers on 64-bit builds, but a
 * 32-bit caller passes the real bit. asm-generic value, shared by x86. */
#if defined(__x86_64__) || defined(__i386__)
#define KERNEL_O_LARGEFILE 0100000
#else
#define KERNEL_O_LARGEFILE O_LARGEFILE
#endif

/* Open flags the supervisor passes on to its own open of a new file. */
#define KEEP_FLAGS \
	(O_ACCMODE | O_APPEND | O_NONBLOCK | O_DSYNC | O_SYNC | O_DIRECT | O_NOATIME | O_NOCTTY)
/* Flags it understands; anything else (O_DIRECTORY, O_PATH, O_TMPFILE, bits
 * unknown here) is left to the kernel. O_TRUNC is meaningless on a file
 * made with O_EXCL, FASYNC is ignored by open(2), O_LARGEFILE is implied. */
#define KNOWN_FLAGS                                                                  \
	(KEEP_FLAGS | O_CREAT | O_EXCL | O_TRUNC | O_NOFOLLOW | O_CLOEXEC | FASYNC | \
	 KERNEL_O_LARGEFILE)

#define MAX_ARCHES 2

struct notify {
	const struct fsj_policy *pol; /* borrowed */
	struct backup_cycle *bc;      /* borrowed; NULL: the create hook only */
	char *trash_home;             /* owned; NULL: deletes are not trashed */
	int sock[2];                  /* socket pair: [0] parent end, [1] child end */
	int stop[2];                  /* pipe: notify_stop() wakes the thread */
	pthread_t thread;
	bool started;
	bool joined;

	/* Filled in by the thread. */
	int listener;
	uint32_t arch[MAX_ARCHES];             /* AUDIT_ARCH_* the filter covers */
	int nr[MAX_ARCHES][NOTIFY_CALL_COUNT]; /* syscall numbers; < 0 when absent */
	size_t n_arch;
	size_t notif_size, resp_size; /* SECCOMP_GET_NOTIF_SIZES */
	long page_size;
	bool own_umask; /* the thread has its own fs_struct */
	uid_t uid;
	gid_t gid;
	bool dac_override; /* the supervisor holds CAP_DAC_OVERRIDE */
	dev_t root_dev;    /* our "/", to recognise a chrooted caller */
	ino_t root_ino;
	bool have_root;

	struct notify_stats stats; /* updated with __atomic builtins */
};

#define STAT_INC(nt, field) __atomic_fetch_add(&(nt)->stats.field, 1, __ATOMIC_RELAXED)

bool notify_wanted(void)
{
	return !env_flag("FSJAIL_NO_NOTIFY");
}

struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err)
{
	struct notify *nt;

	if (!pol) {
		fsj_error_set(err, NULL, 0, 0, "create hook: no policy to decide with");
		return NULL;
	}
	nt = xcalloc(1, sizeof(*nt));
	nt->pol = pol;
	nt->bc = hook_bc;
	nt->trash_home = hook_trash_home ? xstrdup(hook_trash_home) : NULL;
	nt->sock[0] = nt->sock[1] = nt->stop[0] = nt->stop[1] = nt->listener = -1;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, nt->sock) < 0 ||
	    pipe2(nt->stop, O_CLOEXEC) < 0) {
		fsj_error_set(err, NULL, 0, 0, "create hook: cannot make a socket pair: %s",
			      strerror(errno));
		notify_free(nt);
		return NULL;
	}
	return nt;
}

/* ---- the child ------------------------------------------------------------ */

/* Add the rules to ctx. Returns 0, or a negative errno from libseccomp. */
static int add_rules(scmp_filter_ctx ctx, bool wide)
{
	/* With backups on, every open that can change a file traps. */
	static const unsigned write_bits[] = { O_WRONLY, O_RDWR, O_TRUNC };
	static const char *const path_calls[] = { "truncate", "unlink",   "unlinkat",
						  "rename",   "renameat", "renameat2" };
	const struct scmp_arg_cmp creat_a1 = SCMP_A1(SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT);
	const struct scmp_arg_cmp creat_a2 = SCMP_A2(SCMP_CMP_MASKED_EQ, O_CREAT, O_CREAT);
	int nr, rc;
	size_t i;

	/* A syscall libseccomp does not know on this build (open on arm64)
	 * resolves to __NR_SCMP_ERROR and is skipped. */
	nr = seccomp_syscall_resolve_name("open");
	if (nr != __NR_SCMP_ERROR &&
	    (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 1, creat_a1)) < 0)
		return rc;
	nr = seccomp_syscall_resolve_name("openat");
	if (nr != __NR_SCMP_ERROR &&
	    (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 1, creat_a2)) < 0)
		return rc;
	for (i = 0; wide && i < sizeof(write_bits) / sizeof(write_bits[0]); i++) {
		const struct scmp_arg_cmp a1 =
			SCMP_A1(SCMP_CMP_MASKED_EQ, write_bits[i], write_bits[i]);
		const struct scmp_arg_cmp a2 =
			SCMP_A2(SCMP_CMP_MASKED_EQ, write_bits[i], write_bits[i]);

		nr = seccomp_syscall_resolve_name("open");
		if (nr != __NR_SCMP_ERROR &&
		    (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 1, a1)) < 0)
			return rc;
		nr = seccomp_syscall_resolve_name("openat");
		if (nr != __NR_SCMP_ERROR &&
		    (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 1, a2)) < 0)
			return rc;
	}
	for (i = 0; wide && i < sizeof(path_calls) / sizeof(path_calls[0]); i++) {
		nr = seccomp_syscall_resolve_name(path_calls[i]);
		if (nr != __NR_SCMP_ERROR && (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 0)) < 0)
			return rc;
	}
	nr = seccomp_syscall_resolve_name("creat");
	if (nr != __NR_SCMP_ERROR && (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 0)) < 0)
		return rc;
	nr = seccomp_syscall_resolve_name("openat2");
	if (nr != __NR_SCMP_ERROR && (rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 0)) < 0)
		return rc;
	for (i = 0; i < sizeof(refused_calls) / sizeof(refused_calls[0]); i++) {
		nr = seccomp_syscall_resolve_name(refused_calls[i]);
		if (nr != __NR_SCMP_ERROR &&
		    (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0)) < 0)
			return rc;
	}
	/* The command shares fsjail's terminal: TIOCSTI would push input
	 * that the shell runs after fsjail exits, unconfined, and TIOCLINUX
	 * can paste a selection the same way (bubblewrap's seccomp rule). */
	nr = seccomp_syscall_resolve_name("ioctl");
	for (i = 0; i < sizeof(refused_ioctls) / sizeof(refused_ioctls[0]); i++) {
		if (nr != __NR_SCMP_ERROR &&
		    (rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1,
					   SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu,
						   refused_ioctls[i]))) < 0)
			return rc;
	}
	return 0;
}

/* The architectures the filter covers: the native one and, on x86-64, the
 * i386 compat ABI, so that a 32-bit program is hooked too instead of being
 * killed by the filter's bad-architecture action (x32 still is). */
static void filter_arches(uint32_t arch[MAX_ARCHES], size_t *n)
{
	*n = 0;
	arch[(*n)++] = seccomp_arch_native();
#ifdef __x86_64__
	arch[(*n)++] = SCMP_ARCH_X86;
#endif
}

/* Load the filter built in ctx with a listener, and return the listener
 * (or -errno). libseccomp builds the BPF program; the load is done here,
 * because libseccomp 2.5.4's seccomp_load() reports a stale errno (EFAULT
 * from its feature probe) where the kernel said EBUSY, and cannot ask for
 * SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (Linux 5.19): once the supervisor
 * has read a notification, only a fatal signal ends the caller's wait, so
 * an ordinary signal cannot cancel a create the supervisor is making. */
static int load_with_listener(scmp_filter_ctx ctx)
{
	cleanup_fd int mfd = memfd_create("fsjail-filter", MFD_CLOEXEC);
	cleanup_free struct sock_filter *insns = NULL;
	struct sock_fprog prog;
	off_t len;
	int rc, fd;

	if (mfd < 0)
		return -errno;
	rc = seccomp_export_bpf(ctx, mfd);
	if (rc < 0)
		return rc;
	len = lseek(mfd, 0, SEEK_END);
	if (len <= 0 || len % (off_t)sizeof(*insns) || len > (off_t)(BPF_MAXINSNS * sizeof(*insns)))
		return -EINVAL;
	insns = xmalloc((size_t)len);
	if (pread(mfd, insns, (size_t)len, 0) != (ssize_t)len)
		return -EIO;
	memset(&prog, 0, sizeof(prog));
	prog.len = (unsigned short)(len / (off_t)sizeof(*insns));
	prog.filter = insns;
	fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			  SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV,
			  &prog);
	if (fd < 0 && errno == EINVAL)
		fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
				  SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	return fd < 0 ? -errno : fd;
}

/*
 * ============ trust boundary: the forked child, last step before exec ============
 * Runs inside the sandbox already applied (Landlock restricts this process).
 * It loads a filter that only ever adds a stop for the supervisor: nothing
 * here grants anything. On any failure the child must not exec (the caller
 * reports 125), except EBUSY (a listener already up the chain), where the
 * command runs with Landlock alone, as with FSJAIL_NO_NOTIFY=1.
 * ===================================================================================
 */
int notify_child_fd(const struct notify *nt)
{
	return nt ? nt->sock[1] : -1;
}

int notify_child_install(struct notify *nt, struct fsj_error *err)
{
	uint32_t arch[MAX_ARCHES];
	scmp_filter_ctx ctx;
	size_t i, n_arch;
	int rc, fd;

	if (!nt)
		return 0;
	close(nt->sock[0]);
	nt->sock[0] = -1;
	/* Set by ll_apply() already; a filter needs it (or CAP_SYS_ADMIN)
	 * and it must hold whatever backend ran before. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot set no_new_privs: %s",
				     strerror(errno));
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot make a seccomp filter");
	rc = 0;
	filter_arches(arch, &n_arch);
	for (i = 1; rc == 0 && i < n_arch; i++) {
		rc = seccomp_arch_add(ctx, arch[i]);
		if (rc == -EEXIST)
			rc = 0;
	}
	if (rc == 0)
		rc = add_rules(ctx, nt->bc != NULL);
	fd = rc == 0 ? load_with_listener(ctx) : rc;
	seccomp_release(ctx);
	if (fd == -EBUSY) {
		close(nt->sock[1]);
		nt->sock[1] = -1;
		warn("this run's seccomp hook is skipped: a listener already exists for this "
		     "process (fsjail inside fsjail?); the outer run's hook still applies, but this "
		     "run takes no backups and sends nothing to its trash, and a path with create "
		     "but not write cannot be filled");
		return 0;
	}
	if (fd < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "create hook: cannot load the seccomp filter: %s",
				     strerror(-fd));
	rc = fdpass_send(nt->sock[1], fd) < 0 ? errno : 0;
	/* The command must not hold its own listener: it could answer for
	 * itself. */
	close(fd);
	close(nt->sock[1]);
	nt->sock[1] = -1;
	if (rc)
		return fsj_error_set(err, NULL, 0, 0,
				     "create hook: cannot send the listener to the supervisor: %s",
				     strerror(rc));
	return 0;
}

/* ---- the supervisor: reading the caller --------------------------------------- */

/* One trapped call, as the thread sees it. */
struct trapped {
	enum notify_call call;
	bool compat;        /* a 32-bit caller: pointers and ints are 32 bits */
	int dirfd;          /* AT_FDCWD or the caller's descriptor */
	uint64_t path_addr; /* in the caller's memory */
	int dirfd2;         /* rename*: the new name's directory */
	uint64_t path2_addr;/* rename*: the new name */
	uint64_t flags;
	uint64_t mode;
};

/* What /proc/PID/status says about the caller. */
struct tracee_status {
	unsigned umask;
	uid_t fsuid;
	gid_t fsgid;
	uint64_t cap_eff;
	unsigned have; /* STATUS_HAVE_* */
};
#define STATUS_HAVE_UMASK 1u
#define STATUS_HAVE_UID 2u
#define STATUS_HAVE_GID 4u
#define STATUS_HAVE_CAPS 8u
#define STATUS_HAVE_ALL 15u

/* Turn the notification into a trapped call. false when it is none of ours
 * (an architecture or number the filter does not trap): then CONTINUE. */
static bool classify(const struct notify *nt, const struct seccomp_notif *req, struct trapped *t)
{
	const __u64 *a = req->data.args;
	size_t i;
	int c;

	for (i = 0; i < nt->n_arch; i++)
		if (nt->arch[i] == req->data.arch)
			break;
	if (i == nt->n_arch)
		return false;
	for (c = 0; c < NOTIFY_CALL_COUNT; c++)
		if (nt->nr[i][c] >= 0 && nt->nr[i][c] == req->data.nr)
			break;
	if (c == NOTIFY_CALL_COUNT)
		return false;
	memset(t, 0, sizeof(*t));
	t->call = (enum notify_call)c;
	t->compat = i > 0;
	t->dirfd = AT_FDCWD;
	switch (t->call) {
	case NOTIFY_CALL_OPEN:
		t->path_addr = a[0];
		t->flags = (uint32_t)a[1];
		t->mode = (uint32_t)a[2];
		break;
	case NOTIFY_CALL_OPENAT:
		t->dirfd = (int)(uint32_t)a[0];
		t->path_addr = a[1];
		t->flags = (uint32_t)a[2];
		t->mode = (uint32_t)a[3];
		break;
	case NOTIFY_CALL_CREAT:
		/* creat(2) is open(path, O_CREAT | O_WRONLY | O_TRUNC, mode). */
		t->path_addr = a[0];
		t->flags = O_CREAT | O_WRONLY | O_TRUNC;
		t->mode = (uint32_t)a[1];
		break;
	case NOTIFY_CALL_OPENAT2:
		t->dirfd = (int)(uint32_t)a[0];
		t->path_addr = a[1];
		/* flags and mode come from struct open_how, read later */
		break;
	case NOTIFY_CALL_TRUNCATE:
	case NOTIFY_CALL_UNLINK:
		t->path_addr = a[0];
		break;
	case NOTIFY_CALL_UNLINKAT:
		t->dirfd = (int)(uint32_t)a[0];
		t->path_addr = a[1];
		t->flags = (uint32_t)a[2];
		break;
	case NOTIFY_CALL_RENAME:
		t->path_addr = a[0];
		t->dirfd2 = AT_FDCWD;
		t->path2_addr = a[1];
		break;
	case NOTIFY_CALL_RENAMEAT:
	case NOTIFY_CALL_RENAMEAT2:
		t->dirfd = (int)(uint32_t)a[0];
		t->path_addr = a[1];
		t->dirfd2 = (int)(uint32_t)a[2];
		t->path2_addr = a[3];
		t->flags = t->call == NOTIFY_CALL_RENAMEAT2 ? (uint32_t)a[4] : 0;
		break;
	case NOTIFY_CALL_COUNT:
		return false;
	}
	if (t->compat) {
		t->path_addr = (uint32_t)t->path_addr;
		t->path2_addr = (uint32_t)t->path2_addr;
	}
	return true;
}

/* Read len bytes at addr in the caller's memory (memfd: /proc/PID/mem).
 * Returns 0, or -1 with errno set (EIO: not mapped). */
static int mem_read(int memfd, uint64_t addr, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	if (addr > (uint64_t)INT64_MAX - len) {
		errno = EFAULT;
		return -1;
	}
	while (got < len) {
		n = pread(memfd, (char *)buf + got, len - got, (off_t)(addr + got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

/* Read the NUL-terminated path at addr into buf (PATH_MAX bytes, the
 * kernel's own limit for one path argument), a page at a time so that a
 * string ending just before an unmapped page is still read. Returns 0, or
 * -1 when it cannot be read or has no NUL within PATH_MAX bytes (the kernel
 * would answer ENAMETOOLONG or EFAULT: the caller CONTINUEs). */
static int read_path(const struct notify *nt, int memfd, uint64_t addr, char buf[PATH_MAX])
{
	size_t got = 0, chunk;
	ssize_t n;

	while (got < PATH_MAX) {
		chunk = (size_t)nt->page_size - (size_t)((addr + got) % (uint64_t)nt->page_size);
		if (chunk > PATH_MAX - got)
			chunk = PATH_MAX - got;
		if (addr + got > (uint64_t)INT64_MAX)
			return -1;
		n = pread(memfd, buf + got, chunk, (off_t)(addr + got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		if (memchr(buf + got, '\0', (size_t)n))
			return 0;
		got += (size_t)n;
	}
	return -1;
}

/* Parse the lines of a /proc/PID/status text fsjail needs (proc(5)). */
static void parse_status(const char *text, struct tracee_status *st)
{
	const char *line = text;
	unsigned long long v;
	unsigned a, b, c, d;

	memset(st, 0, sizeof(*st));
	while (line && *line) {
		if (sscanf(line, "Umask: %o", &a) == 1) {
			st->umask = a & 0777;
			st->have |= STATUS_HAVE_UMASK;
		} else if (sscanf(line, "Uid: %u %u %u %u", &a, &b, &c, &d) == 4) {
			st->fsuid = (uid_t)d;
			st->have |= STATUS_HAVE_UID;
		} else if (sscanf(line, "Gid: %u %u %u %u", &a, &b, &c, &d) == 4) {
			st->fsgid = (gid_t)d;
			st->have |= STATUS_HAVE_GID;
		} else if (sscanf(line, "CapEff: %llx", &v) == 1) {
			st->cap_eff = v;
			st->have |= STATUS_HAVE_CAPS;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
}

/* Read and parse the status file named name under dirfd. Returns 0 with
 * every field found, else -1. */
static int read_status(int dirfd, const char *name, struct tracee_status *st)
{
	/* A status text is a few KiB; a long Groups: line can make it more. */
	char buf[65536];
	cleanup_fd int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC);
	size_t len = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	while (len < sizeof(buf) - 1) {
		n = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	parse_status(buf, st);
	return st->have == STATUS_HAVE_ALL ? 0 : -1;
}

/* The path of the object our descriptor fd refers to, as the kernel names
 * it (d_path through /proc/self/fd). Returns a new string (caller frees),
 * or NULL when it is not an absolute path that fits in PATH_MAX. */
static char *fd_path(int fd)
{
	char link[64], buf[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, buf, sizeof(buf));
	if (n <= 0 || (size_t)n >= sizeof(buf) || buf[0] != '/')
		return NULL;
	buf[n] = '\0';
	return xstrdup(buf);
}

static bool same_inode(int fd1, int fd2)
{
	struct stat a, b;

	return fstat(fd1, &a) == 0 && fstat(fd2, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

static int openat2_fd(int dirfd, const char *path, uint64_t flags, uint64_t resolve)
{
	struct open_how how;

	memset(&how, 0, sizeof(how));
	how.flags = flags;
	how.resolve = resolve;
	return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof(how));
}

static char *steal_str(char **p)
{
	char *r = *p;

	*p = NULL;
	return r;
}

static int steal_fd(int *fd)
{
	int r = *fd;

	*fd = -1;
	return r;
}

/* ---- the supervisor: answering ------------------------------------------------ */

/* What became of one notification. */
enum verdict {
	VERDICT_CONTINUE = 0, /* answer CONTINUE: the kernel performs the call */
	VERDICT_ANSWERED,     /* answered already (created, or an error) */
	VERDICT_GONE,         /* the caller left the call: nothing to answer */
};

static bool id_valid(const struct notify *nt, uint64_t id)
{
	return ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) == 0;
}

/* Answer notification id: CONTINUE when error is 0, else fail the call
 * with -error. ENOENT from the kernel means the caller is gone. */
static void respond(struct notify *nt, uint64_t id, int error)
{
	struct seccomp_notif_resp *resp;
	size_t size = nt->resp_size > sizeof(*resp) ? nt->resp_size : sizeof(*resp);

	resp = xcalloc(1, size);
	resp->id = id;
	if (error) {
		resp->error = -error;
		STAT_INC(nt, refused);
	} else {
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		STAT_INC(nt, continued);
	}
	if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && errno == ENOENT)
		STAT_INC(nt, vanished);
	free(resp);
}

/* Remove the file the supervisor just made as name in parent, when it is
 * still the one behind fd (nobody swapped it since). */
static void unlink_own(int parent, const char *name, int fd)
{
	struct stat a, b;

	if (fstat(fd, &a) == 0 && fstatat(parent, name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		(void)unlinkat(parent, name, 0);
}

/* Install fd in the caller as the return value of its call. Returns 0
 * (answered), or a positive errno: ENOENT when the caller went away (then
 * nothing is to be answered), anything else is the caller's error. */
static int hand_in(struct notify *nt, uint64_t id, int fd, bool cloexec)
{
	struct seccomp_notif_addfd add;
	struct seccomp_notif_resp *resp;
	size_t size = nt->resp_size > sizeof(*resp) ? nt->resp_size : sizeof(*resp);
	int r, e;

	memset(&add, 0, sizeof(add));
	add.id = id;
	add.flags = SECCOMP_ADDFD_FLAG_SEND;
	add.srcfd = (uint32_t)fd;
	add.newfd_flags = cloexec ? O_CLOEXEC : 0;
	/* SEND (Linux 5.14) adds the descriptor and answers in one step: a
	 * caller interrupted in between can neither get a stray descriptor
	 * nor miss its answer. */
	if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add) >= 0)
		return 0;
	e = errno;
	if (e != EINVAL)
		return e;
	/* Linux 5.9 to 5.13: add, then answer with the number. */
	add.flags = 0;
	r = ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add);
	if (r < 0)
		return errno;
	resp = xcalloc(1, size);
	resp->id = id;
	resp->val = r;
	e = ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 ? errno : 0;
	free(resp);
	return e;
}

/* The act branch: create name in parent for the caller and hand it in.
 * Every failure here is answered with an error, never with CONTINUE,
 * except EEXIST on a non-exclusive open (a race with another creator: the
 * file is now an existing one, which the kernel decides). */
static enum verdict act_create(struct notify *nt, const struct seccomp_notif *req,
			       const struct trapped *t, const struct tracee_status *st, int parent,
			       const char *name)
{
	cleanup_fd int fd = -1;
	int oflags, e;

	if (!nt->own_umask) {
		respond(nt, req->id, EACCES);
		return VERDICT_ANSWERED;
	}
	/* Last check before acting: the caller is still in this call. */
	if (!id_valid(nt, req->id))
		return VERDICT_GONE;
	oflags = (int)(t->flags & KEEP_FLAGS) | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	/* The caller's umask in this thread's own fs_struct, so the kernel
	 * applies it (or a default ACL instead) exactly as for the caller. */
	umask((mode_t)st->umask);
	fd = openat(parent, name, oflags, (mode_t)(t->mode & 07777));
	e = errno;
	umask(077);
	if (fd < 0) {
		if (e == EEXIST && !(t->flags & O_EXCL))
			return VERDICT_CONTINUE;
		respond(nt, req->id, e);
		return VERDICT_ANSWERED;
	}
	e = hand_in(nt, req->id, fd, (t->flags & O_CLOEXEC) != 0);
	if (e == 0) {
		STAT_INC(nt, created);
		return VERDICT_ANSWERED;
	}
	/* Not handed in: leave no trace, so that a restarted call finds the
	 * directory as it was. */
	unlink_own(parent, name, fd);
	if (e == ENOENT)
		return VERDICT_GONE;
	respond(nt, req->id, e == EMFILE ? EMFILE : EACCES);
	return VERDICT_ANSWERED;
}

/* The opened base directory of a relative (or absolute) path, from the
 * caller's own cwd, descriptor or root (magic links in /proc/PID: the very
 * objects the caller uses). Returns a descriptor (caller closes) or -1. */
static int open_base(int procfd, const struct trapped *t, const char *raw)
{
	char link[32];

	if (raw[0] == '/')
		return openat(procfd, "root", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (t->dirfd == AT_FDCWD)
		return openat(procfd, "cwd", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (t->dirfd < 0)
		return -1;
	snprintf(link, sizeof(link), "fd/%d", t->dirfd);
	return openat(procfd, link, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* ---- the supervisor: backups and the trash (backup.h, trash.h) ---------------- */

/* Answer notification id with success (return value 0) without the kernel
 * performing the call: the supervisor did it. */
static void respond_done(struct notify *nt, uint64_t id)
{
	struct seccomp_notif_resp *resp;
	size_t size = nt->resp_size > sizeof(*resp) ? nt->resp_size : sizeof(*resp);

	resp = xcalloc(1, size);
	resp->id = id;
	if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && errno == ENOENT)
		STAT_INC(nt, vanished);
	free(resp);
}

/* An existing object a trapped call names, found as the kernel finds it
 * for the caller and then opened again by its resolved name without
 * following any symlink. */
struct target {
	int parent;     /* O_PATH, opened with RESOLVE_NO_SYMLINKS */
	char *name;     /* last component */
	char *resolved; /* absolute resolved path */
	struct stat st; /* lstat of name in parent */
};

static void target_release(struct target *tg)
{
	if (tg->parent >= 0)
		close(tg->parent);
	free(tg->name);
	free(tg->resolved);
	tg->parent = -1;
	tg->name = tg->resolved = NULL;
}

/* Find what raw (read from the caller, relative to dirfd) names. follow:
 * a symlink as last component is followed (open without O_NOFOLLOW,
 * truncate), only to a file that exists. Returns 1 with *tg filled (an
 * object exists; caller releases), 0 when there is nothing (no such
 * object, a dangling or looping symlink, a name the supervisor does not
 * resolve the way the kernel does), so that the kernel decides. */
static int find_target(int procfd, int dirfd, const char *raw, bool follow, struct target *tg)
{
	cleanup_fd int basefd = -1, kparent = -1, obj = -1;
	cleanup_free char *dirpart = NULL, *kdir = NULL, *objpath = NULL, *pdir = NULL;
	struct trapped t0;
	const char *slash, *name;
	struct stat a;

	tg->parent = -1;
	tg->name = tg->resolved = NULL;
	slash = strrchr(raw, '/');
	name = slash ? slash + 1 : raw;
	if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strlen(name) > NAME_MAX)
		return 0;
	if (slash)
		dirpart = xstrndup(raw, (size_t)(slash - raw) + 1);
	memset(&t0, 0, sizeof(t0));
	t0.dirfd = dirfd;
	basefd = open_base(procfd, &t0, raw);
	if (basefd < 0)
		return 0;
	if (dirpart) {
		kparent = openat2_fd(basefd, dirpart, O_PATH | O_DIRECTORY | O_CLOEXEC,
				     RESOLVE_NO_MAGICLINKS | (raw[0] == '/' ? RESOLVE_IN_ROOT : 0));
		if (kparent < 0)
			return 0;
	} else {
		kparent = steal_fd(&basefd);
	}
	if (fstatat(kparent, name, &a, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	if (follow && S_ISLNK(a.st_mode)) {
		/* The object the link leads to, as the caller's lookup
		 * finds it (from the caller's own directory). */
		obj = openat2_fd(kparent, name, O_PATH | O_CLOEXEC, RESOLVE_NO_MAGICLINKS);
		if (obj < 0 || fstat(obj, &a) < 0)
			return 0;
		objpath = fd_path(obj);
		if (!objpath || strcmp(objpath, "/") == 0)
			return 0;
		slash = strrchr(objpath, '/');
		tg->name = xstrdup(slash + 1);
		pdir = slash == objpath ? xstrdup("/") : xstrndup(objpath, (size_t)(slash - objpath));
		tg->resolved = xstrdup(objpath);
	} else {
		kdir = fd_path(kparent);
		if (!kdir)
			return 0;
		tg->name = xstrdup(name);
		tg->resolved = path_join(kdir, name);
		pdir = steal_str(&kdir);
	}
	tg->parent = openat2_fd(AT_FDCWD, pdir, O_PATH | O_DIRECTORY | O_CLOEXEC,
				RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS);
	/* The object behind the resolved name must be the one the caller's
	 * path reaches (a swap, a mask or a deleted folder make them differ). */
	if (tg->parent < 0 || fstatat(tg->parent, tg->name, &tg->st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    tg->st.st_dev != a.st_dev || tg->st.st_ino != a.st_ino) {
		target_release(tg);
		return 0;
	}
	return 1;
}

static bool may(const struct notify *nt, const char *path, enum fsj_cap cap)
{
	struct fsj_decision d;

	policy_decide(nt->pol, path, path, cap, &d);
	return d.allowed;
}

/* Back up what the caller's path raw names before the call changes it.
 * Returns VERDICT_CONTINUE (saved, or nothing to save), VERDICT_ANSWERED
 * (refused: the backup failed) or VERDICT_GONE. */
static enum verdict backup_path(struct notify *nt, const struct seccomp_notif *req, int procfd,
				int dirfd, const char *raw, bool follow, bool creating, bool rename_to,
				bool note_only)
{
	struct fsj_error err = { { 0 } };
	struct target tg;
	int e;

	if (find_target(procfd, dirfd, raw, follow, &tg) == 0) {
		if (creating) {
			/* A new file: later writes in this cycle make no backup.
			 * Keyed like a backup: the resolved folder and the name. */
			cleanup_fd int basefd = -1, kparent = -1;
			cleanup_free char *dirpart = NULL, *kdir = NULL, *key = NULL;
			const char *slash = strrchr(raw, '/');
			struct trapped t0;

			memset(&t0, 0, sizeof(t0));
			t0.dirfd = dirfd;
			basefd = open_base(procfd, &t0, raw);
			if (basefd >= 0 && slash) {
				dirpart = xstrndup(raw, (size_t)(slash - raw) + 1);
				kparent = openat2_fd(basefd, dirpart, O_PATH | O_DIRECTORY | O_CLOEXEC,
						     RESOLVE_NO_MAGICLINKS |
							     (raw[0] == '/' ? RESOLVE_IN_ROOT : 0));
			} else {
				kparent = steal_fd(&basefd);
			}
			kdir = kparent >= 0 ? fd_path(kparent) : NULL;
			if (kdir && *(slash ? slash + 1 : raw)) {
				key = path_join(kdir, slash ? slash + 1 : raw);
				backup_note_new(nt->bc, key);
			}
		}
		return VERDICT_CONTINUE;
	}
	if (note_only) {
		target_release(&tg);
		return VERDICT_CONTINUE;
	}
	/* Only a regular file the command may change: anything else (a file
	 * outside every grant, reached through a symlink) is never read. An
	 * unlink, or a rename onto it, needs delete (Landlock's REMOVE_FILE):
	 * without it the kernel refuses, and nothing is backed up or logged. */
	if (!S_ISREG(tg.st.st_mode) ||
	    !(rename_to ? may(nt, tg.resolved, FSJ_CAP_DELETE)
			: may(nt, tg.resolved, FSJ_CAP_WRITE))) {
		target_release(&tg);
		return VERDICT_CONTINUE;
	}
	if (!id_valid(nt, req->id)) {
		target_release(&tg);
		return VERDICT_GONE;
	}
	if (backup_before_modify(nt->bc, tg.parent, tg.name, tg.resolved, "notify", &err) < 0) {
		e = errno ? errno : EACCES;
		target_release(&tg);
		respond(nt, req->id, e == ENOSPC || e == EDQUOT || e == EROFS ? e : EACCES);
		return VERDICT_ANSWERED;
	}
	target_release(&tg);
	return VERDICT_CONTINUE;
}

/* unlink/unlinkat in trash mode: move a regular file to the trash. */
static enum verdict trash_unlink(struct notify *nt, const struct seccomp_notif *req, int procfd,
				 const struct trapped *t, const char *raw)
{
	struct fsj_error err = { { 0 } };
	struct tracee_status st;
	struct target tg;
	int e;

	if (find_target(procfd, t->dirfd, raw, false, &tg) == 0)
		return VERDICT_CONTINUE;
	if (!S_ISREG(tg.st.st_mode) || !may(nt, tg.resolved, FSJ_CAP_DELETE) ||
	    read_status(procfd, "status", &st) < 0 || st.fsuid != nt->uid ||
	    st.fsgid != nt->gid ||
	    (nt->dac_override && !(st.cap_eff & (1ULL << CAP_DAC_OVERRIDE)))) {
		target_release(&tg);
		return VERDICT_CONTINUE;
	}
	if (!id_valid(nt, req->id)) {
		target_release(&tg);
		return VERDICT_GONE;
	}
	if (trash_move_at(nt->trash_home, tg.parent, tg.name, tg.resolved, NULL, &err) < 0) {
		e = errno ? errno : EACCES;
		target_release(&tg);
		respond(nt, req->id, e);
		return VERDICT_ANSWERED;
	}
	target_release(&tg);
	STAT_INC(nt, trashed);
	respond_done(nt, req->id);
	return VERDICT_ANSWERED;
}

/* truncate, unlink*, rename*: back up (or trash), then let the kernel act. */
static enum verdict decide_path_call(struct notify *nt, const struct seccomp_notif *req,
				     int procfd, int memfd, const struct trapped *t)
{
	char raw[PATH_MAX];

	switch (t->call) {
	case NOTIFY_CALL_TRUNCATE:
		if (read_path(nt, memfd, t->path_addr, raw) < 0 || !raw[0])
			return VERDICT_CONTINUE;
		if (!id_valid(nt, req->id))
			return VERDICT_GONE;
		return backup_path(nt, req, procfd, t->dirfd, raw, true, false, false, false);
	case NOTIFY_CALL_UNLINK:
	case NOTIFY_CALL_UNLINKAT: {
		enum verdict v;

		if (t->flags & AT_REMOVEDIR)
			return VERDICT_CONTINUE;
		if (read_path(nt, memfd, t->path_addr, raw) < 0 || !raw[0])
			return VERDICT_CONTINUE;
		if (!id_valid(nt, req->id))
			return VERDICT_GONE;
		/* A delete is a change too: the content goes into the cycle
		 * (restorable with `fsjail backups`), and to the trash. */
		v = backup_path(nt, req, procfd, t->dirfd, raw, false, false, true, false);
		if (v != VERDICT_CONTINUE || !nt->trash_home)
			return v;
		return trash_unlink(nt, req, procfd, t, raw);
	}
	case NOTIFY_CALL_RENAME:
	case NOTIFY_CALL_RENAMEAT:
	case NOTIFY_CALL_RENAMEAT2:
		/* An exchange keeps both contents; a no-replace rename
		 * replaces nothing. */
		if (t->flags & (RENAME_EXCHANGE | RENAME_NOREPLACE))
			return VERDICT_CONTINUE;
		if (read_path(nt, memfd, t->path2_addr, raw) < 0 || !raw[0])
			return VERDICT_CONTINUE;
		if (!id_valid(nt, req->id))
			return VERDICT_GONE;
		return backup_path(nt, req, procfd, t->dirfd2, raw, false, false, true, false);
	default:
		return VERDICT_CONTINUE;
	}
}

/*
 * ============ trust boundary: a trapped call from the sandboxed tree ============
 * Runs in fsjail's supervisor thread with all of fsjail's rights, outside
 * the sandbox, on behalf of a caller that is not trusted: its path, flags,
 * mode, memory, cwd and descriptors may be anything and may change while we
 * look (TOCTOU: seccomp_unotify(2) NOTES). So the decision is made on our
 * own copy of the path, the directory is opened once without following
 * symlinks and checked to be the one the caller's path names, and the file
 * is made with O_EXCL | O_NOFOLLOW in it: what is created is exactly the
 * path the policy allowed, whatever the caller does meanwhile. Anything the
 * thread is unsure of gets CONTINUE, where Landlock decides.
 * ==================================================================================
 */
static enum verdict decide(struct notify *nt, const struct seccomp_notif *req)
{
	char proc[32], raw[PATH_MAX];
	cleanup_fd int procfd = -1, memfd = -1, basefd = -1, kparent = -1, parent = -1;
	cleanup_free char *base = NULL, *rel = NULL, *written = NULL, *kdir = NULL,
			  *resolved = NULL, *dirpart = NULL;
	struct tracee_status st;
	struct fsj_decision d;
	struct stat sb;
	struct trapped t;
	const char *name, *slash;
	uint64_t acc;

	if (!classify(nt, req, &t) || req->pid == 0)
		return VERDICT_CONTINUE;
	/* /proc/PID first, then ID_VALID: from then on procfd is the
	 * caller's, even if the pid is reused (seccomp_unotify(2)). */
	snprintf(proc, sizeof(proc), "/proc/%" PRIu32, req->pid);
	procfd = open(proc, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (procfd < 0)
		return VERDICT_CONTINUE;
	memfd = openat(procfd, "mem", O_RDONLY | O_CLOEXEC);
	if (!id_valid(nt, req->id))
		return VERDICT_GONE;
	if (memfd < 0)
		return VERDICT_CONTINUE;
	/* A chrooted caller resolves "/" and ".." against its own root: the
	 * supervisor does not copy that lookup. (In the mask's mount
	 * namespace, the caller's root is the same directory as ours.) */
	if (!nt->have_root || fstatat(procfd, "root", &sb, 0) < 0 || sb.st_dev != nt->root_dev ||
	    sb.st_ino != nt->root_ino)
		return VERDICT_CONTINUE;
	if (t.call > NOTIFY_CALL_OPENAT2)
		return nt->bc ? decide_path_call(nt, req, procfd, memfd, &t) : VERDICT_CONTINUE;
	if (t.call == NOTIFY_CALL_OPENAT2) {
		struct open_how how;

		/* Only the first version of the struct; a resolve flag asks
		 * for lookup rules the supervisor does not copy. */
		if (req->data.args[3] != sizeof(how) ||
		    mem_read(memfd, t.compat ? (uint32_t)req->data.args[2] : req->data.args[2],
			     &how, sizeof(how)) < 0 ||
		    how.resolve != 0 || how.mode > 07777)
			return VERDICT_CONTINUE;
		t.flags = how.flags;
		t.mode = how.mode;
	}
	/* Backups: an open that can change an existing file. */
	if (nt->bc && ((t.flags & O_ACCMODE) == O_WRONLY || (t.flags & O_ACCMODE) == O_RDWR ||
		       (t.flags & (O_TRUNC | O_CREAT)))) {
		enum verdict v;

		if (read_path(nt, memfd, t.path_addr, raw) < 0 || !raw[0])
			return VERDICT_CONTINUE;
		if (!id_valid(nt, req->id))
			return VERDICT_GONE;
		if ((t.flags & (O_CREAT | O_EXCL)) != (O_CREAT | O_EXCL) &&
		    !(t.flags & (O_PATH | O_DIRECTORY)) &&
		    ((t.flags & O_ACCMODE) != O_RDONLY || (t.flags & O_TRUNC))) {
			v = backup_path(nt, req, procfd, t.dirfd, raw, !(t.flags & O_NOFOLLOW),
					(t.flags & O_CREAT) != 0, false, false);
			if (v != VERDICT_CONTINUE)
				return v;
		} else if (t.flags & O_CREAT) {
			(void)backup_path(nt, req, procfd, t.dirfd, raw, false, true, false, true);
		}
	}
	/* No O_CREAT (openat2), or a flag the supervisor does not copy. */
	if (!(t.flags & O_CREAT) || (t.flags & ~(uint64_t)KNOWN_FLAGS))
		return VERDICT_CONTINUE;
	acc = t.flags & O_ACCMODE;
	/* A read-only creating open needs no WRITE_FILE: Landlock handles it. */
	if (acc != O_WRONLY && acc != O_RDWR)
		return VERDICT_CONTINUE;
	if (read_path(nt, memfd, t.path_addr, raw) < 0 || !raw[0])
		return VERDICT_CONTINUE;

	/* Split into the directory part and the last component. A trailing
	 * slash, "." or ".." cannot name a new file: the kernel decides. */
	slash = strrchr(raw, '/');
	name = slash ? slash + 1 : raw;
	if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strlen(name) > NAME_MAX)
		return VERDICT_CONTINUE;
	if (slash)
		dirpart = xstrndup(raw, (size_t)(slash - raw) + 1);

	/* The parent as the kernel finds it for the caller: from the caller's
	 * cwd, descriptor or root, symlinks followed (as the caller's lookup
	 * would) but no magic link (/proc/self would be us). */
	basefd = open_base(procfd, &t, raw);
	if (basefd < 0)
		return VERDICT_CONTINUE;
	base = fd_path(basefd);
	if (!base)
		return VERDICT_CONTINUE;
	if (dirpart) {
		kparent = openat2_fd(basefd, dirpart, O_PATH | O_DIRECTORY | O_CLOEXEC,
				     RESOLVE_NO_MAGICLINKS | (raw[0] == '/' ? RESOLVE_IN_ROOT : 0));
		if (kparent < 0)
			return VERDICT_CONTINUE;
		kdir = fd_path(kparent);
		if (!kdir)
			return VERDICT_CONTINUE;
	} else {
		kparent = steal_fd(&basefd);
		kdir = xstrdup(base);
	}

	/* Both spellings go to the policy: the path as written (lexically
	 * normalised against the caller's base; "./" keeps a leading "~" a
	 * name) and the path resolved by the kernel (the real parent and the
	 * name). policy_decide() allows only when both are allowed. Mount
	 * masks are invisible here (this thread is in the host's mount
	 * namespace), but every masked path is denied write, create and delete
	 * in the policy, so the policy check covers them; a hidden folder also
	 * fails the inode check below. Protected paths are denied create by
	 * the policy and never reach the act branch. */
	rel = raw[0] == '/' ? xstrdup(raw) : xasprintf("./%s", raw);
	if (path_normalize(rel, strlen(rel), NULL, base, &written) != PATH_OK)
		return VERDICT_CONTINUE;
	resolved = path_join(kdir, name);
	policy_decide(nt->pol, written, resolved, FSJ_CAP_WRITE, &d);
	if (d.allowed)
		return VERDICT_CONTINUE; /* Landlock grants WRITE_FILE: the kernel can */
	policy_decide(nt->pol, written, resolved, FSJ_CAP_CREATE, &d);
	if (!d.allowed)
		return VERDICT_CONTINUE; /* Landlock refuses, as it should */
	if (acc == O_RDWR) {
		/* The new file would be readable through the descriptor. */
		policy_decide(nt->pol, written, resolved, FSJ_CAP_READ, &d);
		if (!d.allowed)
			return VERDICT_CONTINUE;
	}
	/* Only the caller's own identity is copied: a file of someone else's
	 * making is left to the kernel, and root with CAP_DAC_OVERRIDE must
	 * not create where a caller without it could not. */
	if (read_status(procfd, "status", &st) < 0)
		return VERDICT_CONTINUE;
	if (st.fsuid != nt->uid || st.fsgid != nt->gid ||
	    (nt->dac_override && !(st.cap_eff & (1ULL << CAP_DAC_OVERRIDE))))
		return VERDICT_CONTINUE;

	/* The parent, opened again by its resolved name without following
	 * any link, must be the directory the caller's path reaches (a
	 * deleted cwd, a mask or a swap in between would make them differ:
	 * then the kernel decides). A failure to open it is the answer. */
	parent = openat2_fd(AT_FDCWD, kdir, O_PATH | O_DIRECTORY | O_CLOEXEC,
			    RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS);
	if (parent < 0) {
		respond(nt, req->id, errno);
		return VERDICT_ANSWERED;
	}
	if (!same_inode(parent, kparent))
		return VERDICT_CONTINUE;
	/* An existing entry, file or symlink, is the kernel's: changing an
	 * existing file needs write, and Landlock has the last word. */
	if (fstatat(parent, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 || errno != ENOENT)
		return VERDICT_CONTINUE;
	return act_create(nt, req, &t, &st, parent, name);
}

static void handle(struct notify *nt, const struct seccomp_notif *req)
{
	switch (decide(nt, req)) {
	case VERDICT_CONTINUE:
		respond(nt, req->id, 0);
		break;
	case VERDICT_GONE:
		STAT_INC(nt, vanished);
		break;
	case VERDICT_ANSWERED:
		break;
	}
}

/* ---- the supervisor thread -------------------------------------------------- */

/* Numbers of the trapped calls per architecture, and who we are. */
static void thread_setup(struct notify *nt)
{
	struct seccomp_notif_sizes sizes;
	struct tracee_status self;
	struct stat root;
	size_t i;
	int c;

	filter_arches(nt->arch, &nt->n_arch);
	for (i = 0; i < nt->n_arch; i++)
		for (c = 0; c < NOTIFY_CALL_COUNT; c++)
			nt->nr[i][c] =
				seccomp_syscall_resolve_name_arch(nt->arch[i], call_names[c]);
	memset(&sizes, 0, sizeof(sizes));
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) == 0) {
		nt->notif_size = sizes.seccomp_notif;
		nt->resp_size = sizes.seccomp_notif_resp;
	}
	if (nt->notif_size < sizeof(struct seccomp_notif))
		nt->notif_size = sizeof(struct seccomp_notif);
	nt->page_size = sysconf(_SC_PAGESIZE);
	if (nt->page_size <= 0)
		nt->page_size = 4096;
	/* A private fs_struct: umask() here then changes this thread only. */
	nt->own_umask = unshare(CLONE_FS) == 0;
	if (nt->own_umask)
		umask(077);
	nt->uid = geteuid();
	nt->gid = getegid();
	if (stat("/", &root) == 0) {
		nt->root_dev = root.st_dev;
		nt->root_ino = root.st_ino;
		nt->have_root = true;
	}
	if (read_status(AT_FDCWD, "/proc/thread-self/status", &self) == 0)
		nt->dac_override = (self.cap_eff & (1ULL << CAP_DAC_OVERRIDE)) != 0;
	else
		nt->dac_override = true; /* unknown: assume the check is needed */
}

/* Wait until fd is readable or notify_stop() is called. Returns the
 * revents of fd, or 0 when asked to stop. */
static short wait_for(const struct notify *nt, int fd)
{
	struct pollfd p[2];

	for (;;) {
		p[0].fd = fd;
		p[0].events = POLLIN;
		p[0].revents = 0;
		p[1].fd = nt->stop[0];
		p[1].events = POLLIN;
		p[1].revents = 0;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return POLLERR;
		}
		if (p[1].revents)
			return 0;
		if (p[0].revents)
			return p[0].revents;
	}
}

static void *notify_thread(void *arg)
{
	struct notify *nt = arg;
	struct seccomp_notif *req;
	short ev;
	int fd, r;

	thread_setup(nt);
	ev = wait_for(nt, nt->sock[0]);
	if (!(ev & (POLLIN | POLLHUP)))
		return NULL;
	r = fdpass_recv(nt->sock[0], &fd);
	if (r <= 0)
		return NULL; /* the child ended, or runs without the hook */
	nt->listener = fd;
	__atomic_store_n(&nt->stats.installed, true, __ATOMIC_RELAXED);
	req = xcalloc(1, nt->notif_size);
	for (;;) {
		ev = wait_for(nt, nt->listener);
		if (!ev)
			break;
		/* POLLHUP without POLLIN: no process holds the filter any more. */
		if (!(ev & POLLIN))
			break;
		memset(req, 0, nt->notif_size); /* the kernel wants it zeroed */
		if (ioctl(nt->listener, SECCOMP_IOCTL_NOTIF_RECV, req) < 0) {
			/* ENOENT: the caller went away between poll and here. */
			if (errno == EINTR || errno == ENOENT)
				continue;
			break;
		}
		STAT_INC(nt, received);
		handle(nt, req);
	}
	free(req);
	/* Closing the listener answers every pending and later trapped call
	 * with ENOSYS: nothing stays blocked on a thread that is gone. */
	close(nt->listener);
	nt->listener = -1;
	return NULL;
}

int notify_start(struct notify *nt, struct fsj_error *err)
{
	sigset_t all, old;
	int rc;

	if (!nt || nt->started)
		return 0;
	close(nt->sock[1]);
	nt->sock[1] = -1;
	/* Signals stay with the launcher's loop (launch.c's self-pipe). */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&nt->thread, NULL, notify_thread, nt);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot start its thread: %s",
				     strerror(rc));
	nt->started = true;
	return 0;
}

void notify_stop(struct notify *nt)
{
	ssize_t r;

	if (!nt || !nt->started || nt->joined)
		return;
	do
		r = write(nt->stop[1], "", 1);
	while (r < 0 && errno == EINTR);
	pthread_join(nt->thread, NULL);
	nt->joined = true;
}

void notify_get_stats(const struct notify *nt, struct notify_stats *out)
{
	memset(out, 0, sizeof(*out));
	if (!nt)
		return;
	out->received = __atomic_load_n(&nt->stats.received, __ATOMIC_RELAXED);
	out->continued = __atomic_load_n(&nt->stats.continued, __ATOMIC_RELAXED);
	out->created = __atomic_load_n(&nt->stats.created, __ATOMIC_RELAXED);
	out->refused = __atomic_load_n(&nt->stats.refused, __ATOMIC_RELAXED);
	out->vanished = __atomic_load_n(&nt->stats.vanished, __ATOMIC_RELAXED);
	out->installed = __atomic_load_n(&nt->stats.installed, __ATOMIC_RELAXED);
	out->trashed = __atomic_load_n(&nt->stats.trashed, __ATOMIC_RELAXED);
}

void notify_free(struct notify *nt)
{
	int i;

	if (!nt)
		return;
	notify_stop(nt);
	for (i = 0; i < 2; i++) {
		if (nt->sock[i] >= 0)
			close(nt->sock[i]);
		if (nt->stop[i] >= 0)
			close(nt->stop[i]);
	}
	if (nt->listener >= 0)
		close(nt->listener);
	free(nt->trash_home);
	free(nt);
}

#else /* !__linux__ */

struct notify {
	int unused;
};

bool notify_wanted(void)
{
	return false;
}

struct notify *notify_new(const struct fsj_policy *pol, struct fsj_error *err)
{
	(void)pol;
	fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
	return NULL;
}

int notify_child_fd(const struct notify *nt)
{
	(void)nt;
	return -1;
}

int notify_child_install(struct notify *nt, struct fsj_error *err)
{
	if (!nt)
		return 0;
	return fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
}

int notify_start(struct notify *nt, struct fsj_error *err)
{
	if (!nt)
		return 0;
	return fsj_error_set(err, NULL, 0, 0, "the create hook needs Linux");
}

void notify_stop(struct notify *nt)
{
	(void)nt;
}

void notify_get_stats(const struct notify *nt, struct notify_stats *out)
{
	(void)nt;
	memset(out, 0, sizeof(*out));
}

void notify_free(struct notify *nt)
{
	free(nt);
}

#endif
