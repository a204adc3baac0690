/* notify-bpf-check.c - the check that a create hook's seccomp program
 * traps and refuses what it must (notify-bpf.h notify_filter_check()),
 * found by running it with notify_bpf_run() on one made-up call per
 * case, on every architecture the filter covers. The lists come from
 * notify-calls.c (numbers from libseccomp's tables per architecture) and
 * notify-meta.c; the name-making calls and opens also from fixed tables
 * here, so that a libseccomp that lost a name cannot make both sides
 * agree on nothing. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "notify-bpf.h"
#include "notify-calls.h"
#include "notify-int.h"
/* One call to try: nr on arch with flags in argument fa (-1: none). */
struct probe {
	const char *name;
	long nr;
	int fa;
	uint64_t flags;
};

enum want { WANT_NOTIFY, WANT_ALLOW, WANT_ENOSYS, WANT_KILL };

static bool answers(const struct sock_filter *prog, size_t n, uint32_t arch,
		    const struct probe *p, enum want want)
{
	struct seccomp_data d;
	uint32_t r;

	memset(&d, 0, sizeof(d));
	d.nr = (int)p->nr;
	d.arch = arch;
	d.args[0] = (uint64_t)AT_FDCWD;
	d.args[1] = d.args[2] = 0x1000; /* a path, a buffer */
	if (p->fa >= 0)
		d.args[p->fa] = p->flags;
	r = notify_bpf_run(prog, n, &d);
	switch (want) {
	case WANT_NOTIFY:
		return (r & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_USER_NOTIF;
	case WANT_ALLOW:
		return (r & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_ALLOW;
	case WANT_ENOSYS:
		return r == (SECCOMP_RET_ERRNO | ENOSYS);
	case WANT_KILL:
		return (r & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_KILL_THREAD ||
		       (r & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_KILL_PROCESS;
	}
	return false;
}

#define O_TMPFILE_BITS (__O_TMPFILE | O_DIRECTORY)

/* The opens every hook traps, those backups add, and one it lets by;
 * fa is where the flags are (open: 1, openat: 2). */
static bool check_opens(const struct sock_filter *prog, size_t n, uint32_t arch, const char *name,
			long nr, int fa, bool wide, bool trace, const char **why)
{
	static const uint64_t always[] = { O_CREAT, O_CREAT | O_EXCL | O_RDWR, O_TMPFILE_BITS,
					   O_TMPFILE_BITS | O_WRONLY };
	static const uint64_t backup[] = { O_WRONLY, O_RDWR, O_TRUNC, O_WRONLY | O_APPEND,
					   O_RDWR | O_NOCTTY | O_CLOEXEC };
	struct probe p = { name, nr, fa, 0 };
	size_t i;

	for (i = 0; i < sizeof(always) / sizeof(always[0]); i++) {
		p.flags = always[i];
		if (!answers(prog, n, arch, &p, WANT_NOTIFY))
			return *why = name, false;
	}
	for (i = 0; wide && i < sizeof(backup) / sizeof(backup[0]); i++) {
		p.flags = backup[i];
		if (!answers(prog, n, arch, &p, WANT_NOTIFY))
			return *why = name, false;
	}
	p.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW;
	if (!trace && !answers(prog, n, arch, &p, WANT_ALLOW))
		return *why = "a read-only open (trapped, or refused)", false;
	return true;
}

/* Calls trapped always (names made or removed) and with backups, per architecture. */
struct arch_calls {
	uint32_t arch;
	long open, openat;
	long always[16];
	long backup[8];
	long allowed[6]; /* stat, read, close, getdents64: never trapped without trace */
	long sock[5];    /* connect, bind, sendmsg, sendmmsg, getsockname: always */
	long sendto, socketcall;
};

#define NONE (-1L)
#ifdef __NR_open
#define N_OPEN __NR_open
#else
#define N_OPEN NONE
#endif
#ifndef __NR_creat
#define __NR_creat NONE
#endif
#ifndef __NR_mkdir
#define __NR_mkdir NONE
#endif
#ifndef __NR_mknod
#define __NR_mknod NONE
#endif
#ifndef __NR_symlink
#define __NR_symlink NONE
#endif
#ifndef __NR_link
#define __NR_link NONE
#endif
#ifndef __NR_rename
#define __NR_rename NONE
#endif
#ifndef __NR_renameat
#define __NR_renameat NONE
#endif
#ifndef __NR_unlink
#define __NR_unlink NONE
#endif
#ifndef __NR_rmdir
#define __NR_rmdir NONE
#endif
#ifndef __NR_newfstatat
#define __NR_newfstatat NONE
#endif
#ifndef __NR_openat2 /* headers older than the kernel: not checked here */
#define __NR_openat2 NONE
#endif
#ifndef __NR_statx
#define __NR_statx NONE
#endif
#ifdef __NR_socketcall
#define N_SOCKETCALL __NR_socketcall
#else
#define N_SOCKETCALL NONE
#endif

static const struct arch_calls native = {
	0,
	N_OPEN,
	__NR_openat,
	{ __NR_creat, __NR_openat2, __NR_mkdir, __NR_mkdirat, __NR_mknod, __NR_mknodat,
	  __NR_symlink, __NR_symlinkat, __NR_link, __NR_linkat, __NR_rename, __NR_renameat,
	  __NR_renameat2, __NR_unlink, __NR_unlinkat, __NR_rmdir },
	{ __NR_truncate, NONE, NONE, NONE, NONE, NONE, NONE, NONE },
	{ __NR_newfstatat, __NR_statx, __NR_read, __NR_close, __NR_getdents64, NONE },
	{ __NR_connect, __NR_bind, __NR_sendmsg, __NR_sendmmsg, __NR_getsockname },
	__NR_sendto,
	N_SOCKETCALL,
};

#ifdef __x86_64__
/* i386 (arch/x86/entry/syscalls/syscall_32.tbl): fixed by the ABI. */
static const struct arch_calls i386_calls = {
	AUDIT_ARCH_I386,
	5,   /* open */
	295, /* openat */
	{ 8, 437, 39, 296, 14, 297, 83, 304, 9, 303, 38, 302, 353, 10, 301, 40 },
	{ 92, 193, NONE, NONE, NONE, NONE, NONE, NONE }, /* truncate(64) */
	{ 383, 3, 6, 220, NONE, NONE },             /* statx, read, close, getdents64 */
	/* the direct socket calls (Linux 4.3), which libseccomp names as
	 * socketcall's pseudo-calls on i386, and socketcall itself */
	{ 362, 361, 370, 345, 367 },
	369,
	102,
};
#endif

/* name on arch (libseccomp's number there) answers want with flags in
 * argument fa; true for a name that architecture does not have. */
static bool name_answers(const struct sock_filter *prog, size_t n, uint32_t arch,
			 const char *name, int fa, uint64_t flags, enum want want)
{
	struct probe p = { name, seccomp_syscall_resolve_name_arch(arch, name), fa, flags };

	return p.nr < 0 || answers(prog, n, arch, &p, want);
}

/* The socket calls (c's numbers: libseccomp names i386's direct socket
 * calls as socketcall's), trapped; sendto with a destination trapped;
 * socketcall's sub-calls trapped whatever their arguments. */
static bool check_sock(const struct sock_filter *prog, size_t n, const struct arch_calls *c,
		       uint32_t arch, const char **why)
{
	struct probe p = { "connect, bind, sendmsg, sendmmsg or getsockname", 0, -1, 0 };
	size_t i;

	for (i = 0; i < sizeof(c->sock) / sizeof(c->sock[0]); i++)
		if (c->sock[i] != NONE && (p.nr = c->sock[i], !answers(prog, n, arch, &p, WANT_NOTIFY)))
			return *why = p.name, false;
	p = (struct probe){ "sendto with a destination", c->sendto, 4, 0x1000 };
	if (!answers(prog, n, arch, &p, WANT_NOTIFY))
		return *why = p.name, false;
	p = (struct probe){ "a socketcall that can name a socket", c->socketcall, 0, 0 };
	for (i = 0; c->socketcall != NONE && notify_socketcall_sub(i); i++)
		if (p.flags = notify_socketcall_sub(i), !answers(prog, n, arch, &p, WANT_NOTIFY))
			return *why = p.name, false;
	return true;
}

/* notify-meta.c's and notify-calls.c's lists on arch (libseccomp's numbers
 * there) trapped: the metadata calls, the refused calls and ioctl requests
 * (these with their high 32 bits set too, as the kernel ignores them), no
 * other ioctl; and the socket calls as check_sock() says. */
static bool check_lists(const struct sock_filter *prog, size_t n, const struct arch_calls *c,
			uint32_t arch, const char **why)
{
	const char *name;
	unsigned long rq;
	size_t i;

	for (i = 0; (name = notify_meta_call(i)); i++)
		if (!name_answers(prog, n, arch, name, -1, 0, WANT_NOTIFY))
			return *why = name, false;
	for (i = 0; (name = notify_call_name(NL_REFUSED, i)); i++)
		if (!name_answers(prog, n, arch, name, -1, 0, WANT_NOTIFY))
			return *why = name, false;
	for (i = 0; (rq = notify_refused_ioctl(i)); i++)
		if (!name_answers(prog, n, arch, "ioctl", 1, rq, WANT_NOTIFY) ||
		    !name_answers(prog, n, arch, "ioctl", 1, rq | 0xffffffff00000000ull, WANT_NOTIFY))
			return *why = "a refused ioctl (TIOCSTI, chattr, verity, subvolumes)", false;
	if (!name_answers(prog, n, arch, "ioctl", 1, NOTIFY_IOCTL_TYPE_REFUSED | 0x01u, WANT_NOTIFY))
		return *why = "a bcachefs ioctl", false;
	if (!name_answers(prog, n, arch, "ioctl", 1, 0x5401u, WANT_ALLOW) ||
	    !name_answers(prog, n, arch, "ioctl", 1, 0x541bu, WANT_ALLOW))
		return *why = "an ordinary ioctl (trapped, or refused)", false;
	return check_sock(prog, n, c, arch, why);
}

static bool check_arch(const struct sock_filter *prog, size_t n, const struct arch_calls *c,
		       uint32_t arch, bool wide, bool trace, const char **why)
{
	static const struct probe xattrat[] = { { "setxattrat", 463, -1, 0 },
						{ "removexattrat", 466, -1, 0 },
						{ "file_setattr", 469, -1, 0 },
						{ "a call newer than the filter", 511, -1, 0 } };
	struct probe p = { "a name-making or removing call (mkdir, link, rename, unlink, ...)", 0, -1, 0 };
	size_t i;

	if (c->open != NONE && !check_opens(prog, n, arch, "open", c->open, 1, wide, trace, why))
		return false;
	if (!check_opens(prog, n, arch, "openat", c->openat, 2, wide, trace, why))
		return false;
	for (i = 0; i < sizeof(c->always) / sizeof(c->always[0]); i++)
		if (c->always[i] != NONE && (p.nr = c->always[i], !answers(prog, n, arch, &p, WANT_NOTIFY)))
			return *why = p.name, false;
	p.name = "truncate (backups on)";
	for (i = 0; wide && i < sizeof(c->backup) / sizeof(c->backup[0]); i++)
		if (c->backup[i] != NONE && (p.nr = c->backup[i], !answers(prog, n, arch, &p, WANT_NOTIFY)))
			return *why = p.name, false;
	p.name = "a stat, read, close or getdents64 (not let through)";
	for (i = 0; !trace && i < sizeof(c->allowed) / sizeof(c->allowed[0]); i++)
		if (c->allowed[i] != NONE && (p.nr = c->allowed[i], !answers(prog, n, arch, &p, WANT_ALLOW)))
			return *why = p.name, false;
	for (i = 0; i < sizeof(xattrat) / sizeof(xattrat[0]); i++)
		if (!answers(prog, n, arch, &xattrat[i], WANT_ENOSYS))
			return *why = xattrat[i].name, false;
	return check_lists(prog, n, c, arch, why);
}

bool notify_filter_check(const struct sock_filter *prog, size_t n, bool wide, bool trace,
			 const char **why)
{
	uint32_t arch[NOTIFY_MAX_ARCHES];
	size_t n_arch, i;
	struct probe p = { "a call of an architecture the filter does not cover", 0, -1, 0 };

	*why = "no program";
	if (!prog || n == 0)
		return false;
	notify_filter_arches(arch, &n_arch);
	for (i = 0; i < n_arch; i++) {
		const struct arch_calls *c = &native;

#ifdef __x86_64__
		if (arch[i] == AUDIT_ARCH_I386)
			c = &i386_calls;
#endif
		if (i > 0 && c == &native)
			continue; /* an architecture without a table here */
		if (!check_arch(prog, n, c, arch[i], wide, trace, why))
			return false;
	}
	/* no other architecture gets through (x32 on x86-64 included) */
	if (!answers(prog, n, 0, &p, WANT_KILL))
		return *why = p.name, false;
#ifdef __x86_64__
	p.name = "an x32 call";
	p.nr = 0x40000000 | __NR_openat;
	if (!answers(prog, n, AUDIT_ARCH_X86_64, &p, WANT_KILL))
		return *why = p.name, false;
#endif
	return true;
}


#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_bpf_check_not_this_system;
#endif /* __linux__ */
