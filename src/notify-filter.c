/* notify-filter.c - the seccomp filter of the interception hook and its
 * install in the child (notify.h; seccomp(2) SECCOMP_FILTER_FLAG_NEW_LISTENER,
 * libseccomp seccomp_rule_add(3), seccomp_export_bpf(3)).
 *
 * Trapped always (every call that makes a name, so that making one is
 * the supervisor's act): open/openat with O_CREAT or O_TMPFILE, creat, openat2 (BPF
 * cannot read its struct), mkdir, mkdirat, mknod, mknodat, symlink,
 * symlinkat, link, linkat, rename, renameat, renameat2, and the metadata
 * calls of notify-meta.c (mode, owner, times, xattrs), unlink, unlinkat, rmdir
 * (nj_socket_kept()). With backups on (notify_set_backup()) also: open/openat
 * that can write (O_WRONLY, O_RDWR, O_TRUNC), truncate, truncate64.
 * Trapped with tracing on (notify_set_trace()): every open and openat,
 * execve, execveat; without it none of these are (cost zero).
 * Trapped always for the `connect` capability: connect, bind, sendmsg,
 * sendmmsg, sendto with a destination, on i386 socketcall (add_rules());
 * and getsockname, for the name bind asked for (notify-sockname.c).
 * Trapped, answered EPERM by the supervisor, which says so (notify-refused.c):
 * io_uring_* (kernel workers go around the filter), memfd_secret,
 * open_by_handle_at (no path to check), keyctl, add_key, request_key (the
 * kernel keyring has no namespace), the ioctls TIOCSTI, TIOCLINUX, chattr,
 * fs-verity, encryption policies, btrfs's and bcachefs's subvolumes (no other);
 * every call numbered 463 or above (setxattrat, file_setattr, ...): ENOSYS. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <linux/filter.h>

#include "notify-bpf.h"
#include "notify-calls.h"
#include "notify-filter-cache.h"
#include "notify-int.h"
#include "util.h"

/* Add rule for call name with one masked-equal test of argument arg
 * (arg < 0: none). A name libseccomp does not know here is skipped. */
static int add(scmp_filter_ctx ctx, uint32_t action, const char *name, int arg, unsigned long mask,
	       unsigned long value)
{
	int nr = seccomp_syscall_resolve_name(name);

	if (nr == __NR_SCMP_ERROR)
		return 0;
	if (arg < 0)
		return seccomp_rule_add(ctx, action, nr, 0);
	return seccomp_rule_add(ctx, action, nr, 1,
				(struct scmp_arg_cmp){ (unsigned)arg, SCMP_CMP_MASKED_EQ, mask, value });
}

/* wide: backups on; trace: reads and executes traced too (every
 * open/openat, execve, execveat: notify-trace.c). Returns 0, or a
 * negative errno from libseccomp. */
static int add_rules(scmp_filter_ctx ctx, bool wide, bool trace)
{
	/* O_TMPFILE always: a nameless file could be linked in by a name
	 * the supervisor never decided on (it answers EOPNOTSUPP). */
	static const unsigned open_bits[] = { O_CREAT, __O_TMPFILE, O_WRONLY, O_RDWR, O_TRUNC };
	size_t i, n_bits = wide ? 5 : 2;
	const char *name;
	int rc = 0;

	if (trace) {
		rc = add(ctx, SCMP_ACT_NOTIFY, "open", -1, 0, 0);
		n_bits = 0; /* every open is trapped already */
	}
	for (i = 0; rc == 0 && trace && (name = notify_call_name(NL_TRACE, i)); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, name, -1, 0, 0);
	for (i = 0; rc == 0 && i < n_bits; i++) {
		rc = add(ctx, SCMP_ACT_NOTIFY, "open", 1, open_bits[i], open_bits[i]);
		if (rc == 0)
			rc = add(ctx, SCMP_ACT_NOTIFY, "openat", 2, open_bits[i], open_bits[i]);
	}
	for (i = 0; rc == 0 && (name = notify_call_name(NL_ALWAYS, i)); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, name, -1, 0, 0);
	for (i = 0; rc == 0 && notify_meta_call(i); i++) /* mode, owner, times, xattrs */
		rc = add(ctx, SCMP_ACT_NOTIFY, notify_meta_call(i), -1, 0, 0);
	for (i = 0; rc == 0 && wide && (name = notify_call_name(NL_BACKUP, i)); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, name, -1, 0, 0);
	for (i = 0; rc == 0 && (name = notify_call_name(NL_SOCK, i)); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, name, -1, 0, 0);
	if (rc == 0) /* sendto with a destination (argument 4, a register) */
		rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(sendto), 1,
				      SCMP_A4(SCMP_CMP_NE, 0));
	/* i386 socketcall(call, args): libseccomp turns the sendto rule
	 * into a test of socketcall's own fifth register, which is not
	 * sendto's destination (that is in memory). Trap the sub-calls
	 * bind, connect, sendto, sendmsg, sendmmsg (net.h SYS_*) whatever
	 * their arguments: the supervisor refuses them (their arguments are
	 * in memory the caller can change), and lets getsockname through. */
	for (i = 0; rc == 0 && notify_socketcall_sub(i); i++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(socketcall), 1,
				      SCMP_A0(SCMP_CMP_EQ, notify_socketcall_sub(i)));
	for (i = 0; rc == 0 && (name = notify_call_name(NL_REFUSED, i)); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, name, -1, 0, 0);
	for (i = 0; rc == 0 && notify_refused_ioctl(i); i++)
		rc = add(ctx, SCMP_ACT_NOTIFY, "ioctl", 1, 0xffffffffu, notify_refused_ioctl(i));
	/* bcachefs's, all of type 0xbc (BCH_IOCTL_SUBVOLUME_CREATE makes a
	 * subvolume by name, as btrfs's do; out of tree since Linux 6.18,
	 * so no header to list them by): the whole type, fail closed */
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_NOTIFY, "ioctl", 1, NOTIFY_IOCTL_TYPE_MASK,
			 NOTIFY_IOCTL_TYPE_REFUSED);
	return rc;
}

void notify_filter_arches(uint32_t arch[NOTIFY_MAX_ARCHES], size_t *n)
{
	*n = 0;
	arch[(*n)++] = seccomp_arch_native();
#ifdef __x86_64__
	arch[(*n)++] = SCMP_ARCH_X86;
#endif
}

/* Every call numbered 463 or above (setxattrat first, Linux 6.13; then
 * getxattrat, listxattrat, removexattrat, open_tree_attr, file_getattr,
 * file_setattr, and whatever comes next: numbers shared by x86-64 and
 * i386 since 424, unknown to libseccomp 2.5, so its program would allow
 * them): ENOSYS before that program, so callers fall back to the older
 * path calls the filter knows (file_setattr changed attribute flags with
 * no trap). Fail closed for calls no one here has read. x32 numbers
 * (bit 30) go on to libseccomp's program, which kills them. */
static const struct sock_filter xattrat_prefix[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 2, 0),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 463, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
};
#define PREFIX_LEN (sizeof(xattrat_prefix) / sizeof(xattrat_prefix[0]))

/* Export the program libseccomp built in ctx, behind xattrat_prefix, into
 * nt->prog (owned, nt->prog_len instructions). Returns 0 or -errno. */
static int export_prog(scmp_filter_ctx ctx, struct notify *nt)
{
	cleanup_fd int mfd = memfd_create("fsjail-filter", MFD_CLOEXEC);
	struct sock_filter *insns;
	off_t len;
	int rc;

	if (mfd < 0)
		return -errno;
	rc = seccomp_export_bpf(ctx, mfd);
	if (rc < 0)
		return rc;
	len = lseek(mfd, 0, SEEK_END);
	if (len <= 0 || len % (off_t)sizeof(*insns) ||
	    len > (off_t)((BPF_MAXINSNS - PREFIX_LEN) * sizeof(*insns)))
		return -EINVAL;
	insns = xmalloc((size_t)len + sizeof(xattrat_prefix));
	memcpy(insns, xattrat_prefix, sizeof(xattrat_prefix));
	if (pread(mfd, insns + PREFIX_LEN, (size_t)len, 0) != (ssize_t)len) {
		free(insns);
		return -EIO;
	}
	nt->prog = insns;
	nt->prog_len = (unsigned short)(len / (off_t)sizeof(*insns) + PREFIX_LEN);
	return 0;
}

/* In the parent, from notify_new(), before the fork (in the child the
 * heap is copied on write page by page: 1 ms there); from the state
 * folder's entry when there is a good one, else built by libseccomp (0.3
 * to 0.5 ms) and checked by running it (notify-bpf.h) before it is kept. */
int notify_filter_build(struct notify *nt, struct fsj_error *err)
{
	uint32_t arch[NOTIFY_MAX_ARCHES];
	scmp_filter_ctx ctx;
	size_t i, n_arch;
	const char *why;
	int rc = 0;

	if (notify_filter_cache_load(nt) == 0)
		return 0;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot make a seccomp filter");
	/* the calls as a binary tree (libseccomp's level 2), not a list: the
	 * kernel emulates the program once per call number and architecture
	 * at load for its cache of calls always allowed (0.33 -> 0.12-0.19 ms
	 * in fsjail-init); a libseccomp without the level keeps the list */
	(void)seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
	notify_filter_arches(arch, &n_arch);
	for (i = 1; rc == 0 && i < n_arch; i++) {
		rc = seccomp_arch_add(ctx, arch[i]);
		if (rc == -EEXIST)
			rc = 0;
	}
	if (rc == 0)
		rc = add_rules(ctx, nt->bc != NULL, nt->trace);
	if (rc == 0)
		rc = export_prog(ctx, nt);
	seccomp_release(ctx);
	if (rc < 0)
		return fsj_error_set(err, NULL, 0, 0, "create hook: cannot build the seccomp filter: %s",
				     strerror(-rc));
	if (!notify_filter_check(nt->prog, nt->prog_len, nt->bc != NULL, nt->trace, &why))
		return fsj_error_set(err, NULL, 0, 0, "create hook: the seccomp filter built does not "
				     "trap %s as it must; refusing to run", why);
	notify_filter_cache_store(nt);
	return 0;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_filter_not_this_system;
#endif /* __linux__ */
