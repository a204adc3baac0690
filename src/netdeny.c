/* netdeny.c - see netdeny.h.
 *
 * Trust boundary: netdeny_loopback_up() and netdeny_seccomp_install() run
 * in the forked child before exec, with the supervisor's rights; they only
 * ever take rights away (a namespace of its own, a filter that refuses).
 * Sources: network_namespaces(7), netdevice(7) SIOCSIFFLAGS, seccomp(2),
 * libseccomp seccomp_rule_add(3) (SCMP_A0_32: the kernel reads socket(2)'s
 * domain as an int, so only the low 32 bits may be compared; a 64-bit
 * comparison would let 0x100000002 through as AF_INET). */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "netdeny.h"

const char *netdeny_method_name(enum netdeny_method m)
{
	switch (m) {
	case NETDENY_NONE:
		return "none";
	case NETDENY_NETNS:
		return "netns";
	case NETDENY_SECCOMP:
		return "seccomp";
	}
	return "?";
}

enum netdeny_method netdeny_choose(bool namespaces)
{
	if (namespaces && !env_flag("FSJAIL_NO_NET_NAMESPACE"))
		return NETDENY_NETNS;
#ifdef __linux__
	return NETDENY_SECCOMP;
#else
	return NETDENY_NONE;
#endif
}

#ifdef __linux__
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/capability.h>
#include <seccomp.h>

#include "caps.h"

/* socket(2) domains below this are refused one by one; at or above it,
 * all at once (AF_MAX is 46 in Linux 6.18: room for new families). */
#define NETDENY_AF_LIMIT 64

int netdeny_loopback_up(struct fsj_error *err)
{
	cleanup_fd int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	struct ifreq ifr;

	if (s < 0)
		return fsj_error_set(err, NULL, 0, 0, "network namespace: cannot make a socket: %s",
				     strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	memcpy(ifr.ifr_name, "lo", 3);
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		return fsj_error_set(err, NULL, 0, 0, "network namespace: cannot read the "
				     "flags of 'lo': %s", strerror(errno));
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		return fsj_error_set(err, NULL, 0, 0, "network namespace: cannot bring 'lo' "
				     "up: %s", strerror(errno));
	return 0;
}

/* Families a network namespace does not isolate, refused under the netns
 * method too: AF_VSOCK reaches the hypervisor's host (CID 2) and the VMs
 * it serves from any namespace (containerd issue 7442, moby PR 44562).
 * The others that could leave the machine (Bluetooth, NFC, Phonet, qrtr)
 * refuse to be made outside the initial namespace. */
static bool netns_leaky(int d)
{
	return d == AF_VSOCK;
}

/* The rules of the filter into ctx: every family but AF_UNIX and
 * AF_NETLINK (netns false), or only those the namespace leaves open
 * (netns true); 0 or a negative errno. */
static int add_rules(scmp_filter_ctx ctx, bool netns)
{
	static const char *const uring[] = { "io_uring_setup", "io_uring_enter",
					     "io_uring_register" };
	int rc = 0, nr;

	for (int d = 0; rc == 0 && d < NETDENY_AF_LIMIT; d++) {
		if (d == AF_UNIX || d == AF_NETLINK || (netns && !netns_leaky(d)))
			continue;
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1,
				      SCMP_A0_32(SCMP_CMP_EQ, (uint32_t)d));
	}
	/* unknown families: refused by both methods (fail closed) */
	if (rc == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1,
				      SCMP_A0_32(SCMP_CMP_GE, NETDENY_AF_LIMIT));
	/* i386's multiplexer hides the domain in memory: its SYS_SOCKET (1)
	 * is refused whatever the family (direct socket(2) exists since
	 * Linux 4.3 and is what current libcs call). */
	nr = seccomp_syscall_resolve_name("socketcall");
	if (rc == 0 && nr != __NR_SCMP_ERROR)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), nr, 1,
				      SCMP_A0_32(SCMP_CMP_EQ, 1));
	for (size_t i = 0; rc == 0 && i < sizeof(uring) / sizeof(uring[0]); i++) {
		nr = seccomp_syscall_resolve_name(uring[i]);
		if (nr != __NR_SCMP_ERROR)
			rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
	}
	return rc;
}

int netdeny_seccomp_install(bool netns, struct fsj_error *err)
{
	static const int caps[] = { CAP_NET_ADMIN, CAP_NET_RAW };
	scmp_filter_ctx ctx;
	int rc;

	if (!netns && caps_drop(caps, sizeof(caps) / sizeof(caps[0])) < 0)
		return fsj_error_set(err, NULL, 0, 0, "network deny: cannot drop CAP_NET_ADMIN: %s",
				     strerror(errno));
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return fsj_error_set(err, NULL, 0, 0, "network deny: cannot set no_new_privs: %s",
				     strerror(errno));
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return fsj_error_set(err, NULL, 0, 0, "network deny: cannot make a seccomp filter");
	rc = 0;
#ifdef __x86_64__
	rc = seccomp_arch_add(ctx, SCMP_ARCH_X86);
	if (rc == -EEXIST)
		rc = 0;
#endif
	if (rc == 0)
		rc = add_rules(ctx, netns);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc < 0)
		return fsj_error_set(err, NULL, 0, 0,
				     "network deny: cannot load the seccomp filter: %s", strerror(-rc));
	return 0;
}

#else /* !__linux__ */

int netdeny_loopback_up(struct fsj_error *err)
{
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "network namespaces need Linux");
}

int netdeny_seccomp_install(bool netns, struct fsj_error *err)
{
	(void)netns;
	errno = ENOSYS;
	return fsj_error_set(err, NULL, 0, 0, "seccomp needs Linux");
}

#endif
