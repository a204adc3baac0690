/* check_notify_decode.c - the interception hook's decoder (src/notify-decode.c,
 * notify-int.h): every architecture entry point the filter covers as one
 * logical call; i386's 32-bit pointers, truncate64's split length and
 * O_LARGEFILE; which calls are traced only for the report. A unit test: this machine's kernel cannot run i386
 * programs (no IA32 emulation), so the decoder is tested on its own. */
#include <check.h>
#include <fcntl.h>
#include <string.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "notify-int.h"
#include "testutil.h"

/* ---- the decoder: every architecture entry point as one logical call ---- */

START_TEST(test_decode_arches)
{
	uint32_t arches[NOTIFY_MAX_ARCHES];
	size_t n;
	uint64_t a[6] = { 0 };
	struct notify_call c;
	int nr;

	notify_filter_arches(arches, &n);
	/* native openat: dirfd, path, flags, mode */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "openat");
	a[0] = (uint64_t)(uint32_t)AT_FDCWD;
	a[1] = 0x7fff12345678ULL;
	a[2] = O_WRONLY | O_CREAT;
	a[3] = 0640;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert_int_eq(c.op, NOTIFY_OP_OPEN);
	ck_assert_int_eq(c.dirfd, AT_FDCWD);
	ck_assert(c.path == 0x7fff12345678ULL && !c.compat);
	ck_assert_uint_eq(c.flags, O_WRONLY | O_CREAT);
	/* rmdir is unlinkat(AT_REMOVEDIR) */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "rmdir");
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_UNLINK && c.flags == AT_REMOVEDIR);
	/* an architecture the filter does not cover is refused */
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_AARCH64 == arches[0] ? SCMP_ARCH_X86_64
										 : SCMP_ARCH_AARCH64,
				       nr, a, &c),
			 -1);
	/* the socket calls of the connect capability keep their arguments
	 * for notify-sock.c */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "connect");
	a[0] = 5, a[1] = 0x7fff0000ULL, a[2] = 110;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_SOCK && strcmp(c.name, "connect") == 0 && c.args[2] == 110);
	nr = seccomp_syscall_resolve_name_arch(arches[0], "sendmmsg");
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_SOCK && strcmp(c.name, "sendmmsg") == 0);
	/* a call the hook does not trap (read) is refused too */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "read");
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), -1);
#ifdef __x86_64__
	ck_assert_uint_eq(n, 2);
	/* i386 truncate64: the length is split low word first; pointers are
	 * 32 bits (the high half of a register is garbage to us) */
	nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "truncate64");
	ck_assert_int_ge(nr, 0);
	a[0] = 0xdeadbeef00001000ULL;
	a[1] = 0x89abcdefULL;
	a[2] = 0x1ULL;
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_X86, nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_TRUNCATE && c.compat);
	ck_assert_uint_eq(c.path, 0x1000);
	ck_assert(c.length == 0x189abcdefLL);
	/* i386 truncate: a 32-bit signed length */
	nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "truncate");
	a[1] = 0xffffffffULL;
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_X86, nr, a, &c), 0);
	ck_assert(c.length == -1);
	/* i386 open: O_LARGEFILE (0100000) is not an unknown flag */
	nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "open");
	a[1] = O_WRONLY | 0100000;
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_X86, nr, a, &c), 0);
	ck_assert_uint_eq(c.flags, O_WRONLY);
	/* i386 renameat2: flags in the fifth argument */
	nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "renameat2");
	a[0] = 3, a[1] = 0x2000, a[2] = 4, a[3] = 0x3000, a[4] = 2;
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_X86, nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_RENAME && c.dirfd == 3 && c.dirfd2 == 4 && c.flags == 2);
	/* i386 socketcall is decoded (and refused by notify-sock.c) */
	nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, "socketcall");
	ck_assert_int_eq(notify_decode(arches, n, SCMP_ARCH_X86, nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_SOCK && c.compat && strcmp(c.name, "socketcall") == 0);
#endif
}
END_TEST

/* ---- which calls are traced only (notify-trace.c) ---- */

START_TEST(test_trace_only)
{
	uint32_t arches[NOTIFY_MAX_ARCHES];
	size_t n;
	uint64_t a[6] = { 0 };
	struct notify_call c;
	struct notify nt;
	int nr;

	memset(&nt, 0, sizeof(nt));
	notify_filter_arches(arches, &n);
	/* execveat: dirfd, path, argv, envp, flags */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "execveat");
	a[0] = 5, a[1] = 0x1000, a[4] = AT_SYMLINK_NOFOLLOW;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(c.op == NOTIFY_OP_EXEC && c.dirfd == 5 && c.path == 0x1000 &&
		  c.flags == AT_SYMLINK_NOFOLLOW);
	/* without tracing nothing is traced only */
	ck_assert(!notify_trace_only(&nt, &c));
	nt.trace = true;
	ck_assert(notify_trace_only(&nt, &c));
	/* a read-only open is traced only; one that creates is the hook's */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "openat");
	a[0] = (uint64_t)(uint32_t)AT_FDCWD, a[2] = O_RDONLY, a[4] = 0;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(notify_trace_only(&nt, &c));
	a[2] = O_RDONLY | O_CREAT;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(!notify_trace_only(&nt, &c));
	a[2] = O_RDWR | __O_TMPFILE;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(!notify_trace_only(&nt, &c));
	/* a writing open: traced only without backups, the hook's with them */
	a[2] = O_WRONLY;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(notify_trace_only(&nt, &c));
	nt.bc = (struct backup_cycle *)&nt; /* only compared with NULL */
	ck_assert(!notify_trace_only(&nt, &c));
	a[2] = O_RDONLY | O_TRUNC;
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(!notify_trace_only(&nt, &c));
	/* openat2 is always decided by the hook */
	nr = seccomp_syscall_resolve_name_arch(arches[0], "openat2");
	ck_assert_int_eq(notify_decode(arches, n, arches[0], nr, a, &c), 0);
	ck_assert(!notify_trace_only(&nt, &c));
}
END_TEST

/* /proc/PID/status as the caller's identity (notify-tracee.c): only the
 * filesystem ids (the fourth number), the umask and CapEff count; a field
 * missing leaves its bit unset (the supervisor then refuses). */
START_TEST(test_parse_status)
{
	struct tracee_status st;

	notify_parse_status("Name:\tpython3\nUmask:\t0027\nState:\tS (sleeping)\n"
			    "Uid:\t1000\t1001\t1002\t1003\nGid:\t20\t21\t22\t23\n"
			    "Groups:\t4 24 27\nCapInh:\t0000000000000000\n"
			    "CapEff:\t000001ffffffffff\nCapBnd:\t0000000000000000\n",
			    &st);
	ck_assert_uint_eq(st.have, STATUS_HAVE_ALL);
	ck_assert_uint_eq(st.umask, 027);
	ck_assert_uint_eq(st.fsuid, 1003);
	ck_assert_uint_eq(st.fsgid, 23);
	ck_assert(st.cap_eff == 0x1ffffffffffULL);
	/* Uid: with three numbers only, and no CapEff: both unset */
	notify_parse_status("Umask:\t0022\nUid:\t0\t0\t0\nGid:\t0\t0\t0\t0\nCapPrm:\t1\n", &st);
	ck_assert_uint_eq(st.have, STATUS_HAVE_UMASK | STATUS_HAVE_GID);
	ck_assert_uint_eq(st.umask, 022);
	/* a name that only starts like a field is not it */
	notify_parse_status("Uidx:\t1\t2\t3\t4\nUid:\t5\t6\t7\t8\n", &st);
	ck_assert_uint_eq(st.have, STATUS_HAVE_UID);
	ck_assert_uint_eq(st.fsuid, 8);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("notify_decode");
	TCase *tk = tcase_create("decode");

	tcase_add_test(tk, test_decode_arches);
	tcase_add_test(tk, test_trace_only);
	tcase_add_test(tk, test_parse_status);
	suite_add_tcase(s, tk);
	return tu_run_suite(s, CK_FORK_GETENV);
}
