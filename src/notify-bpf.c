/* notify-bpf.c - run the create hook's seccomp program on a call, and
 * check that it traps what it must (notify-bpf.h). The evaluator follows
 * the kernel's classic-BPF semantics (net/core/filter.c, kernel/seccomp.c
 * seccomp_check_filter(): 32-bit A and X, loads only from struct
 * seccomp_data at aligned offsets, forward jumps only); an instruction it
 * does not know ends the run with SECCOMP_RET_KILL_THREAD, so an odd
 * program fails the check rather than passing it. */
#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "notify-bpf.h"
#include "notify-int.h"

uint32_t notify_bpf_run(const struct sock_filter *prog, size_t n, const struct seccomp_data *d)
{
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS] = { 0 };
	size_t pc = 0;

	while (pc < n) {
		const struct sock_filter *f = &prog[pc++];
		uint32_t src = BPF_SRC(f->code) == BPF_X ? x : f->k;
		bool jump;

		switch (f->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (f->k % 4 || f->k > sizeof(*d) - 4)
				return 0;
			memcpy(&a, (const char *)d + f->k, 4);
			continue;
		case BPF_LD | BPF_W | BPF_LEN:
			a = sizeof(*d);
			continue;
		case BPF_LD | BPF_IMM:
			a = f->k;
			continue;
		case BPF_LDX | BPF_IMM:
			x = f->k;
			continue;
		case BPF_LD | BPF_MEM:
		case BPF_LDX | BPF_MEM:
		case BPF_ST:
		case BPF_STX:
			if (f->k >= BPF_MEMWORDS)
				return 0;
			if (f->code == BPF_ST || f->code == BPF_STX)
				mem[f->k] = f->code == BPF_ST ? a : x;
			else if (f->code == (BPF_LD | BPF_MEM))
				a = mem[f->k];
			else
				x = mem[f->k];
			continue;
		case BPF_MISC | BPF_TAX:
			x = a;
			continue;
		case BPF_MISC | BPF_TXA:
			a = x;
			continue;
		case BPF_RET | BPF_K:
			return f->k;
		case BPF_RET | BPF_A:
			return a;
		case BPF_JMP | BPF_JA:
			if (f->k >= n - pc)
				return 0;
			pc += f->k;
			continue;
		default:
			break;
		}
		if (BPF_CLASS(f->code) == BPF_ALU) {
			switch (BPF_OP(f->code)) {
			case BPF_ADD: a += src; break;
			case BPF_SUB: a -= src; break;
			case BPF_MUL: a *= src; break;
			case BPF_AND: a &= src; break;
			case BPF_OR: a |= src; break;
			case BPF_XOR: a ^= src; break;
			case BPF_LSH: a = src < 32 ? a << src : 0; break;
			case BPF_RSH: a = src < 32 ? a >> src : 0; break;
			case BPF_NEG: a = -a; break;
			case BPF_DIV:
				if (!src)
					return 0;
				a /= src;
				break;
			default:
				return 0;
			}
			continue;
		}
		if (BPF_CLASS(f->code) != BPF_JMP)
			return 0;
		switch (BPF_OP(f->code)) {
		case BPF_JEQ: jump = a == src; break;
		case BPF_JGT: jump = a > src; break;
		case BPF_JGE: jump = a >= src; break;
		case BPF_JSET: jump = (a & src) != 0; break;
		default: return 0;
		}
		if ((size_t)(jump ? f->jt : f->jf) >= n - pc)
			return 0;
		pc += jump ? f->jt : f->jf;
	}
	return 0; /* ran off the end: the kernel refuses such a program */
}

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

/* Name-making calls (always) and those backups add, per architecture. */
struct arch_calls {
	uint32_t arch;
	long open, openat;
	long always[16];
	long backup[8];
	long allowed[6]; /* stat, read, close, getdents64: never trapped without trace */
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

static const struct arch_calls native = {
	0,
	N_OPEN,
	__NR_openat,
	{ __NR_creat, __NR_openat2, __NR_mkdir, __NR_mkdirat, __NR_mknod, __NR_mknodat,
	  __NR_symlink, __NR_symlinkat, __NR_link, __NR_linkat, __NR_rename, __NR_renameat,
	  __NR_renameat2, NONE, NONE, NONE },
	{ __NR_truncate, __NR_unlink, __NR_unlinkat, __NR_rmdir, NONE, NONE, NONE, NONE },
	{ __NR_newfstatat, __NR_statx, __NR_read, __NR_close, __NR_getdents64, NONE },
};

#ifdef __x86_64__
/* i386 (arch/x86/entry/syscalls/syscall_32.tbl): fixed by the ABI. */
static const struct arch_calls i386_calls = {
	AUDIT_ARCH_I386,
	5,   /* open */
	295, /* openat */
	{ 8, 437, 39, 296, 14, 297, 83, 304, 9, 303, 38, 302, 353, NONE, NONE, NONE },
	{ 92, 193, 10, 301, 40, NONE, NONE, NONE }, /* truncate(64), unlink(at), rmdir */
	{ 383, 3, 6, 220, NONE, NONE },             /* statx, read, close, getdents64 */
};
#endif

static bool check_arch(const struct sock_filter *prog, size_t n, const struct arch_calls *c,
		       uint32_t arch, bool wide, bool trace, const char **why)
{
	static const struct probe xattrat[] = { { "setxattrat", 463, -1, 0 },
						{ "removexattrat", 466, -1, 0 },
						{ "file_setattr", 469, -1, 0 },
						{ "a call newer than the filter", 511, -1, 0 } };
	struct probe p = { "a name-making call (mkdir, link, rename, ...)", 0, -1, 0 };
	size_t i;

	if (c->open != NONE && !check_opens(prog, n, arch, "open", c->open, 1, wide, trace, why))
		return false;
	if (!check_opens(prog, n, arch, "openat", c->openat, 2, wide, trace, why))
		return false;
	for (i = 0; i < sizeof(c->always) / sizeof(c->always[0]); i++)
		if (c->always[i] != NONE && (p.nr = c->always[i], !answers(prog, n, arch, &p, WANT_NOTIFY)))
			return *why = p.name, false;
	p.name = "truncate, unlink or rmdir (backups on)";
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
	return true;
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
typedef int notify_bpf_not_this_system;
#endif /* __linux__ */
