/* caps-caller.c - lower a supervisor thread's file capabilities to its
 * caller's (caps-caller.h; capabilities(7), user_namespaces(7),
 * capget(2)).
 *
 * The listener and the broker perform calls for a process of the command
 * with fsjail's own rights: where fsjail runs as root they hold
 * capabilities over files that the caller may not (att20, t0396; att21,
 * t0403): a root command that dropped CAP_FOWNER had its unlink in
 * another user's sticky folder done; one in a user namespace of its own
 * holds every capability there, none over the host's files, though
 * capget(2) reports them. So around each act the thread clears from its
 * effective set what the caller lacks (capset(2) changes this thread
 * only). */
#include "caps-caller.h"

#ifdef __linux__
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

/* The caller (procfd) is in s's user namespace; false also when it
 * cannot be told (fail closed). */
static bool userns_same(const struct caps_self *s, int procfd)
{
	struct stat sb;

	/* /proc/PID/ns/user: the namespace the process is in now (nsfs) */
	if (!s->have_userns || procfd < 0 || fstatat(procfd, "ns/user", &sb, 0) < 0)
		return false;
	return sb.st_dev == s->userns_dev && sb.st_ino == s->userns_ino;
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

void caps_caller_restore(uint64_t saved)
{
	if (caps_set_effective(saved) < 0)
		fprintf(stderr, "fsjail: warning: cannot take back a thread's capabilities: %s\n",
			strerror(errno));
}

void caps_self_setup(struct caps_self *s)
{
	struct stat sb;

	memset(s, 0, sizeof(*s));
	if (stat("/proc/thread-self/ns/user", &sb) == 0) {
		s->userns_dev = sb.st_dev;
		s->userns_ino = sb.st_ino;
		s->have_userns = true;
	}
	s->file_caps = caps_effective() & CAPS_CALLER_FILE;
}

int caps_caller_lower(const struct caps_self *s, int procfd, uint64_t caller_eff, uint64_t *saved)
{
	uint64_t drop = s->file_caps;

	if (drop && userns_same(s, procfd))
		drop &= ~caller_eff;
	if (!drop)
		return 0;
	*saved = caps_effective();
	return caps_set_effective(*saved & ~(drop & CAPS_CALLER_FILE)) < 0 ? -1 : 1;
}

#else
#include <string.h>

void caps_self_setup(struct caps_self *s)
{
	memset(s, 0, sizeof(*s));
}

int caps_caller_lower(const struct caps_self *s, int procfd, uint64_t caller_eff, uint64_t *saved)
{
	(void)s;
	(void)procfd;
	(void)caller_eff;
	(void)saved;
	return 0;
}

void caps_caller_restore(uint64_t saved)
{
	(void)saved;
}
#endif /* __linux__ */
