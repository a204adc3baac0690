/* netdeny.h - `network: deny` on Linux means no network at all, not only
 * what Landlock governs (TCP bind and connect from ABI 4): UDP, DNS, ICMP,
 * raw and packet sockets, and every other address family that can leave
 * the machine. Two methods, strongest first:
 *   - netns: the command gets its own network namespace with only a
 *     loopback interface (brought up here with an ioctl, no external tool):
 *     whatever socket it makes reaches nothing outside, and the host's
 *     loopback services are out of reach too (network_namespaces(7));
 *     socket(2) is still refused, by a stacked seccomp filter, for the
 *     families a namespace does not isolate (AF_VSOCK: the hypervisor's
 *     host and other VMs), and i386's socketcall SYS_SOCKET;
 *   - seccomp: where no network namespace can be made (no user namespaces),
 *     a stacked seccomp filter refuses socket(2) for every address family
 *     but AF_UNIX and AF_NETLINK with EACCES, and io_uring (IORING_OP_SOCKET
 *     would go around it); CAP_NET_ADMIN and CAP_NET_RAW are dropped so a
 *     root command cannot reconfigure the host's network over netlink.
 * Unix sockets keep working under both (the `connect` capability governs
 * pathname sockets; the seccomp method leaves abstract ones to Landlock's
 * scoping, ABI 6).
 *
 * Linux only; elsewhere the functions fail with ENOSYS. */
#ifndef FSJAIL_NETDENY_H
#define FSJAIL_NETDENY_H

#include "util.h"

enum netdeny_method {
	NETDENY_NONE = 0, /* network: allow, or nothing can enforce the deny */
	NETDENY_NETNS,    /* a network namespace with loopback only */
	NETDENY_SECCOMP,  /* socket(2) refused for non-local families */
};

/* "none", "netns", "seccomp". Static string. */
const char *netdeny_method_name(enum netdeny_method m);

/* The method for network: deny given whether user (or, as root, plain)
 * namespaces can be made here (ll_masks_available()). The test-only
 * variable FSJAIL_NO_NET_NAMESPACE=1 forces the seccomp method. */
enum netdeny_method netdeny_choose(bool namespaces);

/* In the child, right after unshare(CLONE_NEWNET) while it still holds
 * CAP_NET_ADMIN over the new namespace: set IFF_UP on "lo" (SIOCSIFFLAGS,
 * netdevice(7)). Returns 0, or -1 with err set. */
int netdeny_loopback_up(struct fsj_error *err);

/* In the child: set no_new_privs and load the seccomp filter described
 * above (native architecture and, on x86-64, i386; x32 calls are killed
 * by libseccomp's bad-architecture action). netns false: the seccomp
 * method's filter, after dropping CAP_NET_ADMIN and CAP_NET_RAW; netns
 * true: the netns method's, for the families the namespace leaves open
 * (capabilities kept: they act on the run's own namespace only). Returns
 * 0, or -1 with err set: the caller must not exec. */
int netdeny_seccomp_install(bool netns, struct fsj_error *err);

#endif
