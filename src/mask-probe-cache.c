/* mask-probe-cache.c - the mount-mask probe's yes kept in the state folder
 * (mask-probe.h). Written like notify-filter-cache.c's entries: read as
 * hostile input, written atomically (a new file renamed over), no fsync. */
#include "mask-probe.h"

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/capability.h>

#include "caps.h"
#include "policy-cache.h"
#include "util.h"

#define MAGIC "fsjail-mask-probe 1\n"
#define ENTRY "mask-probe"
#define ENTRY_MAX 8192

/* What the probe's answer depends on, besides policy_cache_key_common():
 * a new boot, another mount or user namespace, or a sysctl changed since
 * makes another key. The last three matter only where the probe needs a
 * user namespace (not root with CAP_SYS_ADMIN: mask_ns_enter()). */
static const char *const key_files[] = {
	"/proc/sys/kernel/random/boot_id",
	"/proc/sys/user/max_mnt_namespaces",
	"/proc/sys/user/max_user_namespaces",
	"/proc/sys/kernel/unprivileged_userns_clone",
	"/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
};
#define KEY_FILES_ROOT 2

/* The first line of a small /proc file into buf (size n, NUL-ended), "-"
 * when it cannot be read: one open, one read. Returns false when absent. */
static bool read_line(const char *path, char *buf, size_t n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	ssize_t got = -1;

	if (fd >= 0) {
		do
			got = read(fd, buf, n - 1);
		while (got < 0 && errno == EINTR);
		close(fd);
	}
	if (got <= 0) {
		snprintf(buf, n, "-");
		return false;
	}
	buf[got] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return true;
}

/* This process's key (caller frees), or NULL when there is none to trust:
 * no boot id, a namespace that cannot be named, a seccomp filter. */
static char *key_text(void)
{
	static const char *const ns[] = { "/proc/self/ns/mnt", "/proc/self/ns/user" };
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char line[64], *s;
	bool admin;
	size_t i;

	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != 0)
		return NULL;
	sb_adds(&sb, MAGIC);
	sb_adds(&sb, policy_cache_key_common());
	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		if (stat(ns[i], &st) < 0) {
			sb_release(&sb);
			return NULL;
		}
		s = xasprintf("%s=%llu %llu\n", ns[i], (unsigned long long)st.st_dev,
			      (unsigned long long)st.st_ino);
		sb_adds(&sb, s);
		free(s);
	}
	admin = geteuid() == 0 && caps_effective_has(CAP_SYS_ADMIN) == 1;
	sb_adds(&sb, admin ? "admin=1\n" : "admin=0\n");
	for (i = 0; i < (admin ? KEY_FILES_ROOT : sizeof(key_files) / sizeof(key_files[0])); i++) {
		/* the boot id is always there on Linux */
		if (!read_line(key_files[i], line, sizeof(line)) && i == 0) {
			sb_release(&sb);
			return NULL;
		}
		s = xasprintf("%s=%s\n", key_files[i], line);
		sb_adds(&sb, s);
		free(s);
	}
	sb_adds(&sb, "masks=yes\n");
	return sb_detach(&sb);
}

bool mask_cache_hit(void)
{
	cleanup_fd int dfd = policy_cache_dir(false), fd = -1;
	cleanup_free char *key = NULL, *buf = NULL;
	struct stat st;
	ssize_t got;
	size_t len;

	if (dfd < 0 || !(key = key_text()))
		return false;
	len = strlen(key);
	/* O_NONBLOCK: a FIFO planted there must not hang the run */
	fd = openat(dfd, ENTRY, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 077) || st.st_nlink != 1 || (unsigned long long)st.st_size != len ||
	    len > ENTRY_MAX)
		return false;
	buf = xmalloc(len + 1);
	do
		got = pread(fd, buf, len + 1, 0);
	while (got < 0 && errno == EINTR);
	return got == (ssize_t)len && memcmp(buf, key, len) == 0;
}

void mask_cache_store(void)
{
	cleanup_fd int dfd = policy_cache_dir(true);
	cleanup_free char *key = NULL, *rnd = NULL, *tmp = NULL;
	int fd;

	if (dfd < 0 || !(key = key_text()))
		return;
	rnd = random_hex(8);
	tmp = xasprintf("." ENTRY ".%s", rnd);
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	if (write_all(fd, key, strlen(key)) == 0 && close(fd) == 0) {
		if (renameat(dfd, tmp, dfd, ENTRY) == 0)
			return;
	} else {
		close(fd);
	}
	(void)unlinkat(dfd, tmp, 0);
}

void mask_cache_after_run(bool refused, bool quiet)
{
	cleanup_fd int dfd = -1;

	if (!refused || !mask_probe_cached())
		return;
	dfd = policy_cache_dir(false);
	if (dfd < 0 || unlinkat(dfd, ENTRY, 0) < 0)
		return;
	if (!quiet)
		fprintf(stderr, "fsjail: note: the mount-mask probe's answer kept in the state "
				"folder was dropped; the next run probes again\n");
}

#else /* !__linux__ */

bool mask_cache_hit(void)
{
	return false;
}

void mask_cache_store(void)
{
}

void mask_cache_after_run(bool refused, bool quiet)
{
	(void)refused;
	(void)quiet;
}
#endif /* __linux__ */
