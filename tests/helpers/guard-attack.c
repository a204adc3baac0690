/* guard-attack.c - attacks on the guarded names of an absent denied path
 * (issue 12 items 2-3; src/notify-guard.c), run inside `fsjail run` by
 * tests/integration/t0250-guarded-names.sh. A guarded name is a missing
 * folder above a denied path (~/.cargo while ~/.cargo/bin is denied):
 * each attack tries to bring a populated folder or a redirect there.
 *
 *   guard-attack exchange A B     renameat2(A, B, RENAME_EXCHANGE)
 *   guard-attack i386 OP ARGS     the i386 entry point (int 0x80 from this
 *                                 x86-64 process, arguments below 4 GiB):
 *                                 rename A B, renameat2 A B (exchange),
 *                                 symlink TARGET LINK, link A B, mkdir P
 *   guard-attack race G SRC N D   three threads for N rounds: one renames
 *                                 SRC (a folder holding D, the denied name)
 *                                 onto the guarded name G, one makes G a
 *                                 symbolic link to SRC, one makes G an
 *                                 empty folder and renames it away and back;
 *                                 each round G/D is looked for
 *   guard-attack look P           0 when P exists (a final check), else errno
 * Prints one line per call: "NAME errno-or-0" ("race-seen N" for race).
 * Exit 0 unless misused. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int report(const char *what, long r)
{
	int e = r < 0 ? errno : 0;

	printf("%s %d\n", what, e);
	return e;
}

#if defined(__x86_64__)
/* arch/x86/entry/syscalls/syscall_32.tbl */
enum { I386_LINK = 9, I386_RENAME = 38, I386_MKDIR = 39, I386_SYMLINK = 83, I386_RENAMEAT2 = 353 };

/* int80 keeps no 6th argument (ebp): none of these calls needs one. */
static long int80(long nr, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("int $0x80"
			 : "=a"(r)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory", "r8", "r9", "r10", "r11");
	if (r < 0 && r > -4096) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

/* s copied below 4 GiB, where a 32-bit pointer reaches it. */
static long low(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
		       -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap MAP_32BIT");
		exit(2);
	}
	memcpy(p, s, n);
	return (long)(uintptr_t)p;
}

static int attack_i386(int argc, char **argv)
{
	const char *op = argv[0];
	long r;

	if (strcmp(op, "mkdir") == 0 && argc == 2)
		r = int80(I386_MKDIR, low(argv[1]), 0755, 0, 0, 0);
	else if (argc != 3)
		return -1;
	else if (strcmp(op, "rename") == 0)
		r = int80(I386_RENAME, low(argv[1]), low(argv[2]), 0, 0, 0);
	else if (strcmp(op, "renameat2") == 0)
		r = int80(I386_RENAMEAT2, -100, low(argv[1]), -100, low(argv[2]), RENAME_EXCHANGE);
	else if (strcmp(op, "symlink") == 0)
		r = int80(I386_SYMLINK, low(argv[1]), low(argv[2]), 0, 0, 0);
	else if (strcmp(op, "link") == 0)
		r = int80(I386_LINK, low(argv[1]), low(argv[2]), 0, 0, 0);
	else
		return -1;
	printf("i386-%s %d\n", op, r < 0 ? errno : 0);
	return 0;
}
#else
static int attack_i386(int argc, char **argv)
{
	(void)argc;
	printf("i386-%s skipped\n", argv[0]);
	return 0;
}
#endif

struct race {
	const char *g, *src;
	char away[4096], look[4096];
	long rounds;
	atomic_long seen;
};

static void *mover(void *arg)
{
	struct race *r = arg;

	for (long i = 0; i < r->rounds; i++)
		if (rename(r->src, r->g) == 0)
			(void)rename(r->g, r->src);
	return NULL;
}

static void *linker(void *arg)
{
	struct race *r = arg;

	for (long i = 0; i < r->rounds; i++)
		if (symlink(r->src, r->g) == 0)
			(void)unlink(r->g);
	return NULL;
}

static void *maker(void *arg)
{
	struct race *r = arg;
	struct stat st;

	for (long i = 0; i < r->rounds; i++) {
		if (mkdir(r->g, 0755) == 0 && rename(r->g, r->away) == 0)
			(void)rename(r->away, r->g);
		(void)rmdir(r->g);
		(void)rmdir(r->away);
		if (stat(r->look, &st) == 0)
			atomic_fetch_add(&r->seen, 1);
	}
	return NULL;
}

/* G/denied is what a folder brought into the guarded name G would show. */
static int attack_race(const char *g, const char *src, long rounds, const char *denied)
{
	struct race r = { .g = g, .src = src, .rounds = rounds };
	pthread_t t[3];
	struct stat st;

	snprintf(r.away, sizeof(r.away), "%s.away", g);
	snprintf(r.look, sizeof(r.look), "%s/%s", g, denied);
	atomic_init(&r.seen, 0);
	pthread_create(&t[0], NULL, mover, &r);
	pthread_create(&t[1], NULL, linker, &r);
	pthread_create(&t[2], NULL, maker, &r);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	if (stat(r.look, &st) == 0)
		atomic_fetch_add(&r.seen, 1);
	printf("race-seen %ld\n", (long)atomic_load(&r.seen));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "exchange") == 0)
		return report("exchange", syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD,
						  argv[3], RENAME_EXCHANGE)),
		       0;
	if (argc >= 3 && strcmp(argv[1], "i386") == 0 && attack_i386(argc - 2, argv + 2) == 0)
		return 0;
	if (argc == 6 && strcmp(argv[1], "race") == 0)
		return attack_race(argv[2], argv[3], atol(argv[4]), argv[5]);
	if (argc == 3 && strcmp(argv[1], "look") == 0) {
		struct stat st;

		return report("look", stat(argv[2], &st)), 0;
	}
	fprintf(stderr,
		"usage: guard-attack exchange A B | i386 OP ARGS | race G SRC N DENIED | look P\n");
	return 2;
}
