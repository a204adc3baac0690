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

#endif
