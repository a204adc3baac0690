/* check_prefault.c - the heap marks around run's fork (src/prefault.h):
 * what was allocated before the fork reaches the child intact, what
 * either side allocates after it reaches a later fork's child intact
 * (the MADV_WIPEONFORK mark is taken off in both), and a process with a
 * second thread is not marked at all. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "prefault.h"

#define N_BLOCKS 64
#define BLOCK 8192

/* n blocks of BLOCK bytes, block i filled with byte i + seed */
static unsigned char **blocks(unsigned seed)
{
	unsigned char **b = calloc(N_BLOCKS, sizeof(*b));

	for (unsigned i = 0; b && i < N_BLOCKS; i++) {
		b[i] = malloc(BLOCK);
		if (b[i])
			memset(b[i], (int)((i + seed) & 0xff), BLOCK);
	}
	return b;
}

static void release(unsigned char **b)
{
	for (unsigned i = 0; b && i < N_BLOCKS; i++)
		free(b[i]);
	free(b);
}

static bool intact(unsigned char **b, unsigned seed)
{
	for (unsigned i = 0; i < N_BLOCKS; i++)
		for (unsigned j = 0; j < BLOCK; j++)
			if (!b || !b[i] || b[i][j] != ((i + seed) & 0xff))
				return false;
	return true;
}

/* Whether a child forked now sees b as filled with seed (exit 0) */
static bool child_sees(unsigned char **b, unsigned seed)
{
	int st;
	pid_t pid = fork();

	if (pid == 0)
		_exit(intact(b, seed) ? 0 : 1);
	return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

START_TEST(test_fork_keeps_heap)
{
	unsigned char **before, **after;
	int st;
	pid_t pid;

	prefault_start();
	before = blocks(1);
	prefault_before_fork();
	pid = fork();
	prefault_after_fork();
	if (pid == 0) {
		unsigned char **mine;

		if (!intact(before, 1))
			_exit(2);
		mine = blocks(7); /* from the part the parent had marked */
		if (!intact(mine, 7))
			_exit(3);
		_exit(child_sees(mine, 7) && child_sees(before, 1) ? 0 : 4);
	}
	ck_assert_int_gt(pid, 0);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child: exit %d",
		      WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	after = blocks(3);
	ck_assert(intact(before, 1));
	ck_assert(intact(after, 3));
	/* the parent's own allocations made after the fork, seen by the next
	 * fork's child: the mark is off */
	ck_assert(child_sees(after, 3));
	ck_assert(child_sees(before, 1));
	release(after);
	release(before);
}
END_TEST

static void *idle(void *arg)
{
	return arg;
}

START_TEST(test_threads_not_marked)
{
	unsigned char **b;
	pthread_t t;
	int st;
	pid_t pid;

	prefault_start();
	b = blocks(5);
	ck_assert_int_eq(pthread_create(&t, NULL, idle, NULL), 0);
	prefault_before_fork();
	pid = fork();
	prefault_after_fork();
	if (pid == 0)
		_exit(intact(b, 5) && intact(blocks(9), 9) ? 0 : 1);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	release(b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("prefault");
	TCase *tc = tcase_create("fork");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_fork_keeps_heap);
	tcase_add_test(tc, test_threads_not_marked);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
