/* notify-caps.c - the capabilities the listener performs a trapped call
 * with (notify-caps.h; capabilities(7), user_namespaces(7), capget(2)).
 *
 * The supervisor performs a trapped call for its caller with its own
 * rights (notify-ops.c): where fsjail runs as root it holds capabilities
 * over files that its caller may not (att20, t0396): a root command that
 * dropped CAP_FOWNER had its unlink in another user's sticky folder done;
 * one in a user namespace of its own (unshare(CLONE_NEWUSER), or root's
 * whole command where fsjail could not unshare without one) holds every
 * capability there, none over the host's files, though capget(2) reports
 * them. So around each act the listener thread clears from its effective
 * set what the caller lacks (capset(2) changes this thread only). Whether
 * the caller is in the supervisor's user namespace is asked on every
 * call, after ID_VALID (/proc/TID/ns/user, ~3 us). */
#ifdef __linux__
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

#include "notify-caps.h"
#include "notify-int.h"
#include "util.h"

/* The caller (tr->procfd, after ID_VALID) is in the supervisor's user
 * namespace; false also when it cannot be told (fail closed). */
static bool userns_same(const struct notify *nt, const struct tracee *tr)
{
	struct stat sb;

	/* /proc/TID/ns/user: the namespace the thread is in now (nsfs) */
	if (!nt->have_userns || tr->procfd < 0 || fstatat(tr->procfd, "ns/user", &sb, 0) < 0)
		return false;
	return sb.st_dev == nt->userns_dev && sb.st_ino == nt->userns_ino;
}

/* This thread's capability sets (pid 0: the calling thread). */
static int caps_get(struct __user_cap_data_struct data[2])
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };

	return (int)syscall(SYS_capget, &hdr, data);
}

static int caps_set_effective(uint64_t eff)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (caps_get(data) < 0)
		return -1;
	data[0].effective = (uint32_t)eff;
	data[1].effective = (uint32_t)(eff >> 32);
	return (int)syscall(SYS_capset, &hdr, data);
}

/* This thread's effective set (bit n: capability n), or 0. */
static uint64_t caps_effective(void)
{
	struct __user_cap_data_struct data[2];

	if (caps_get(data) < 0)
		return 0;
	return (uint64_t)data[0].effective | (uint64_t)data[1].effective << 32;
}

/* Clear drop from this thread's effective set; *saved: the set before.
 * Returns 0, or -1 with errno (nothing changed). */
static int caps_lower(uint64_t drop, uint64_t *saved)
{
	struct __user_cap_data_struct data[2];

	if (caps_get(data) < 0)
		return -1;
	*saved = (uint64_t)data[0].effective | (uint64_t)data[1].effective << 32;
	return caps_set_effective(*saved & ~(drop & NOTIFY_FILE_CAPS));
}

void notify_caps_restore(uint64_t saved)
{
	if (caps_set_effective(saved) < 0)
		warn("listener: cannot take back its capabilities: %s", strerror(errno));
}

void notify_caps_setup(struct notify *nt)
{
	struct stat sb;

	if (stat("/proc/thread-self/ns/user", &sb) == 0) {
		nt->userns_dev = sb.st_dev;
		nt->userns_ino = sb.st_ino;
		nt->have_userns = true;
	}
	nt->file_caps = caps_effective() & NOTIFY_FILE_CAPS;
}

int notify_caps_for_caller(const struct notify *nt, const struct tracee *tr, uint64_t *saved)
{
	uint64_t drop = nt->file_caps;

	if (drop && userns_same(nt, tr))
		drop &= ~tr->st.cap_eff;
	if (!drop)
		return 0;
	return caps_lower(drop, saved) < 0 ? -1 : 1;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_caps_not_this_system;
#endif /* __linux__ */
