/* caps.h - drop capabilities from the calling process for good: the
 * bounding, ambient, inheritable, permitted and effective sets
 * (capabilities(7)). Used in the forked child before exec, where a root
 * command (or one with every capability inside a user namespace) must not
 * keep what would undo the sandbox's mounts or namespaces.
 *
 * Linux only; elsewhere caps_drop() fails with ENOSYS. */
#ifndef FSJAIL_CAPS_H
#define FSJAIL_CAPS_H

#include <stddef.h>

/* Drop each of the n capabilities in caps (CAP_* numbers) from every set
 * of the calling thread. A capability the kernel does not know (EINVAL
 * from PR_CAPBSET_DROP) is skipped. Returns 0, or -1 with errno set
 * (EPERM: CAP_SETPCAP is missing for the bounding set). */
int caps_drop(const int *caps, size_t n);

/* Drop, from a command that has capabilities (root, or every capability
 * in a user namespace), those that act on the host outside any file the
 * policy names and have no use in a filesystem sandbox: kernel modules,
 * raw I/O, reboot, the clock, the host's network configuration (shared
 * unless network is denied), device nodes, file capabilities and immutable
 * flags (they outlive the run on workspace files), auditing, MAC policy,
 * syslog, BPF, perf, and resource limits (a raised RLIMIT_CORE would let
 * the kernel write a core file past the backup: t0226); CAP_SYS_ADMIN and
 * CAP_DAC_READ_SEARCH go in mask_seal(). Without CAP_SETPCAP the bounding
 * set stays: under no_new_privs, which Landlock requires, exec gains
 * nothing from it (capabilities(7)); the other sets are lowered in any
 * case. Does nothing for a process with no permitted capability. Returns
 * 0, or -1 with errno set. */
int caps_drop_host(void);

/* Drop from the command and its init (not the supervisor's threads: the
 * listener reads the memory of a caller that changed its uid) SYS_PTRACE
 * (att9: a root command took fsjail-init's pipe with pidfd_getfd(2) and
 * changed the exit status fsjail gave) and what Docker's default set
 * leaves out too: SYS_NICE (real-time scheduling starves the host), LEASE
 * (a lease on a host file stalls its writers and hears every open),
 * IPC_LOCK, IPC_OWNER, NET_BROADCAST, CHECKPOINT_RESTORE. As
 * caps_drop_host(). Returns 0, or -1 with errno set. */
int caps_drop_command(void);
/* caps_drop_host() for a thread that never executes a program (nor
 * starts a process that does): only the effective, permitted and
 * inheritable sets, one capset(2). The kernel's capability checks read
 * the effective set; the bounding and ambient sets act only at
 * execve(2), so lowering them (a credentials copy and commit per
 * capability: ~40 prctl(2) calls) would buy such a thread nothing (issue
 * 12: the listener and the broker thread of every run). Returns 0, or -1
 * with errno set. */
int caps_drop_host_thread(void);

/* 1 when capability cap (a CAP_* number) is in the calling thread's
 * effective set, 0 when not, -1 with errno set when it cannot be told
 * (capget(2); ENOSYS off Linux). */
int caps_effective_has(int cap);

#endif
