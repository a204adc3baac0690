/* notify-attack.c - attacks on the interception hook (src/notify.h), run
 * inside `fsjail run` by tests/integration/t006x-*.sh. Each tries to
 * change a pre-existing file without the supervisor seeing which file it
 * changes; the test then checks that the old content is intact or saved.
 *
 *   notify-attack openat2 FILE    openat2(O_WRONLY|O_TRUNC) of FILE with
 *                                 each resolve flag, and with an open_how
 *                                 larger than the kernel's (tail 0, tail 1)
 *   notify-attack exchange A B    renameat2(A, B, RENAME_EXCHANGE)
 *   notify-attack chroot DIR NAME unshare(CLONE_NEWUSER|CLONE_NEWNS),
 *                                 chroot(DIR), open /NAME O_WRONLY|O_TRUNC
 *   notify-attack race DIR N ITER victims DIR/v0..v<N-1> (existing) and a
 *                                 harmless DIR/h: for each victim, ITER
 *                                 opens with O_TRUNC and truncates of a path
 *                                 another thread flips between "h" and the
 *                                 victim, and of a symlink a third thread
 *                                 swaps between them (no clock: a bounded
 *                                 number of tries)
 * Prints one line per call: "NAME errno-or-0". Exit 0 unless misused. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int report(const char *what, long r)
{
	int e = r < 0 ? errno : 0;

	if (r >= 0 && r < 1024 && strncmp(what, "open", 4) == 0)
		close((int)r);
	printf("%s %d\n", what, e);
	return e;
}

static int attack_openat2(const char *file)
{
	static const struct {
		const char *name;
		uint64_t flag;
	} flags[] = { { "no_xdev", RESOLVE_NO_XDEV },
		      { "no_magiclinks", RESOLVE_NO_MAGICLINKS },
		      { "no_symlinks", RESOLVE_NO_SYMLINKS },
		      { "beneath", RESOLVE_BENEATH },
		      { "in_root", RESOLVE_IN_ROOT },
		      { "cached", RESOLVE_CACHED },
		      { "none", 0 } };
	unsigned char big[sizeof(struct open_how) + 64];
	struct open_how how;
	char what[64];
	size_t i;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		memset(&how, 0, sizeof(how));
		how.flags = O_WRONLY | O_TRUNC;
		how.resolve = flags[i].flag;
		snprintf(what, sizeof(what), "openat2-%s", flags[i].name);
		report(what, syscall(SYS_openat2, AT_FDCWD, file, &how, sizeof(how)));
	}
	memset(big, 0, sizeof(big));
	memset(&how, 0, sizeof(how));
	how.flags = O_WRONLY | O_TRUNC;
	memcpy(big, &how, sizeof(how));
	report("openat2-big-zero-tail", syscall(SYS_openat2, AT_FDCWD, file, big, sizeof(big)));
	big[sizeof(big) - 1] = 1;
	report("openat2-big-tail", syscall(SYS_openat2, AT_FDCWD, file, big, sizeof(big)));
	return 0;
}

static int attack_chroot(const char *dir, const char *name)
{
	char path[4096];

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) < 0)
		return report("unshare", -1), 0;
	if (chroot(dir) < 0)
		return report("chroot", -1), 0;
	snprintf(path, sizeof(path), "/%s", name);
	report("open-chrooted", open(path, O_WRONLY | O_TRUNC | O_CLOEXEC));
	report("truncate-chrooted", truncate(path, 0));
	return 0;
}

/* ---- race ---- */

static char flip[64];
static atomic_int stop_flag;
static const char *race_dir;
static char victim[64];

static void *flipper(void *arg)
{
	char *v = arg;
	size_t n = strlen(v);

	while (!atomic_load(&stop_flag)) {
		memcpy(flip, "h", 2);
		sched_yield();
		memcpy(flip, v, n + 1);
		sched_yield();
	}
	return NULL;
}

static void *swapper(void *arg)
{
	char tmp[4200], lnk[4200];

	(void)arg;
	snprintf(tmp, sizeof(tmp), "%s/lnk.tmp", race_dir);
	snprintf(lnk, sizeof(lnk), "%s/lnk", race_dir);
	while (!atomic_load(&stop_flag)) {
		unlink(tmp);
		if (symlink("h", tmp) == 0)
			rename(tmp, lnk);
		unlink(tmp);
		if (symlink(victim, tmp) == 0)
			rename(tmp, lnk);
	}
	return NULL;
}

static int attack_race(const char *dir, int n, long iter)
{
	pthread_t a, b;
	long k;
	int i, fd;

	race_dir = dir;
	if (chdir(dir) < 0)
		return report("chdir", -1), 1;
	fd = open("h", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd >= 0)
		close(fd);
	for (i = 0; i < n; i++) {
		snprintf(victim, sizeof(victim), "v%d", i);
		atomic_store(&stop_flag, 0);
		pthread_create(&a, NULL, flipper, victim);
		pthread_create(&b, NULL, swapper, NULL);
		for (k = 0; k < iter; k++) {
			fd = open(flip, O_WRONLY | O_TRUNC | O_CLOEXEC);
			if (fd >= 0) {
				(void)!write(fd, "pwned\n", 6);
				close(fd);
			}
			(void)!truncate(flip, 1);
			fd = open("lnk", O_WRONLY | O_TRUNC | O_CLOEXEC);
			if (fd >= 0) {
				(void)!write(fd, "pwned\n", 6);
				close(fd);
			}
		}
		atomic_store(&stop_flag, 1);
		pthread_join(a, NULL);
		pthread_join(b, NULL);
	}
	printf("race done\n");
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && strcmp(argv[1], "openat2") == 0)
		return attack_openat2(argv[2]);
	if (argc == 4 && strcmp(argv[1], "exchange") == 0)
		return report("exchange", syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD,
						  argv[3], RENAME_EXCHANGE)),
		       0;
	if (argc == 4 && strcmp(argv[1], "chroot") == 0)
		return attack_chroot(argv[2], argv[3]);
	if (argc == 5 && strcmp(argv[1], "race") == 0)
		return attack_race(argv[2], atoi(argv[3]), atol(argv[4]));
	fprintf(stderr, "usage: notify-attack openat2 FILE | exchange A B | chroot DIR NAME | "
			"race DIR N ITER\n");
	return 2;
}
