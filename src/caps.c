/* caps.c - see caps.h. capget(2)/capset(2) version 3 (two 32-bit words),
 * prctl(2) PR_CAPBSET_DROP and PR_CAP_AMBIENT_LOWER. */
#include "config.h"

#include <errno.h>

#include "caps.h"

#ifdef __linux__
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

int caps_drop(const int *caps, size_t n)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];

	for (size_t i = 0; i < n; i++) {
		if (prctl(PR_CAPBSET_DROP, caps[i], 0, 0, 0) < 0 && errno != EINVAL)
			return -1;
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER, caps[i], 0, 0) < 0 &&
		    errno != EINVAL)
			return -1;
	}
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

#else

int caps_drop(const int *caps, size_t n)
{
	(void)caps;
	(void)n;
	errno = ENOSYS;
	return -1;
}

#endif
