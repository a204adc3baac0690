/* caps.c - see caps.h. capget(2)/capset(2) version 3 (two 32-bit words),
 * prctl(2) PR_CAPBSET_DROP; the ambient set follows capset(2). */
#include <errno.h>
#include <stdbool.h>

#include "caps.h"

#ifdef __linux__
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

/* caps_drop(); bounding_eperm_ok: EPERM from PR_CAPBSET_DROP (no
 * CAP_SETPCAP) leaves the bounding set and goes on; exec false: the
 * bounding set stays (caps_drop_host_thread()). */
static int drop(const int *caps, size_t n, bool bounding_eperm_ok, bool exec)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	/* Each drop copies and commits the credentials (kernel/capability.c),
	 * a read does not: ask first (issue 12). The ambient set follows
	 * the capset(2) below (cap_capset(): ambient <= permitted &
	 * inheritable). */
	for (size_t i = 0; exec && i < n; i++)
		if (prctl(PR_CAPBSET_READ, caps[i], 0, 0, 0) != 0 &&
		    prctl(PR_CAPBSET_DROP, caps[i], 0, 0, 0) < 0 && errno != EINVAL &&
		    !(errno == EPERM && bounding_eperm_ok))
			return -1;
	if (syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		uint32_t bit = 1u << (caps[i] % 32);
		int w = caps[i] / 32;

		if (w > 1)
			continue;
		data[w].effective &= ~bit;
		data[w].permitted &= ~bit;
		data[w].inheritable &= ~bit;
	}
	return (int)syscall(SYS_capset, &hdr, data);
}

int caps_drop(const int *caps, size_t n)
{
	return drop(caps, n, false, true);
}

/* Drop the n capabilities in caps when the process holds any (an empty
 * permitted set has nothing to give up); exec false: as drop(). */
static int drop_if_held(const int *caps, size_t n, bool exec)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	if (!data[0].permitted && !data[1].permitted)
		return 0;
	return drop(caps, n, true, exec);
}

/* caps_drop_host() and caps_drop_host_thread(). */
static int drop_host(bool exec)
{
	static const int host[] = {
		CAP_LINUX_IMMUTABLE, CAP_NET_ADMIN,   CAP_SYS_MODULE,	  CAP_SYS_RAWIO,
		CAP_SYS_PACCT,	     CAP_SYS_BOOT,    CAP_SYS_TIME,	  CAP_SYS_TTY_CONFIG,
		CAP_MKNOD,	     CAP_AUDIT_CONTROL, CAP_SETFCAP,
		CAP_MAC_OVERRIDE,    CAP_MAC_ADMIN,   CAP_SYSLOG,	  CAP_WAKE_ALARM,
		CAP_BLOCK_SUSPEND,   CAP_AUDIT_READ,  38 /* PERFMON */,	  39 /* BPF */,
		CAP_SYS_RESOURCE,
	};

	return drop_if_held(host, sizeof(host) / sizeof(host[0]), exec);
}

int caps_drop_host(void)
{
	return drop_host(true);
}

int caps_drop_host_thread(void)
{
	return drop_host(false);
}

int caps_effective_has(int cap)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	if (cap < 0 || cap >= 64) {
		errno = EINVAL;
		return -1;
	}
	if (syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	return (data[cap / 32].effective >> (cap % 32)) & 1u;
}

int caps_drop_command(void)
{
	static const int cmd[] = { CAP_SYS_PTRACE, CAP_NET_BROADCAST, CAP_IPC_LOCK,
				   CAP_IPC_OWNER,  CAP_SYS_NICE,      CAP_LEASE,
				   40 /* CHECKPOINT_RESTORE */ };

	return drop_if_held(cmd, sizeof(cmd) / sizeof(cmd[0]), true);
}

#else

int caps_drop_host(void)
{
	return 0;
}

int caps_drop_command(void)
{
	return 0;
}

int caps_drop_host_thread(void)
{
	return 0;
}

int caps_effective_has(int cap)
{
	(void)cap;
	errno = ENOSYS;
	return -1;
}

int caps_drop(const int *caps, size_t n)
{
	(void)caps;
	(void)n;
	errno = ENOSYS;
	return -1;
}

#endif
