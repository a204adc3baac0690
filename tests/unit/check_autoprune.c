/* check_autoprune.c - the automatic prune's stamp and trigger
 * (src/backup_autoprune.h): what reads as a stamp, and when a prune is
 * due. Linked into check_backup (its main() runs autoprune_suite()). */
#include <check.h>
#include <string.h>

#include "backup_autoprune.h"

Suite *autoprune_suite(void);

static int parse(const char *text, struct backup_autoprune_stamp *s)
{
	return backup_autoprune_parse(text, strlen(text), s);
}

START_TEST(test_parse)
{
	struct backup_autoprune_stamp s;

	ck_assert_int_eq(parse("fsjail-prune 1 1796229000 3 40960 1048576\n", &s), 0);
	ck_assert(s.last == 1796229000.0);
	ck_assert_uint_eq(s.runs, 3);
	ck_assert_uint_eq(s.bytes, 40960);
	ck_assert_uint_eq(s.store, 1048576);
	/* cut short, no newline, extra bytes, signs, spaces, overflow, version */
	ck_assert_int_eq(parse("fsjail-prune 1 1796229000 3 40960 1048576", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 1796229000 3 40960\n", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 1796229000 3 40960 1048576\nx", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 -1 3 40960 1048576\n", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 1796229000  3 40960 1048576\n", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 1 1 99999999999999999999999 1\n", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 1 1 99999999999 1 1\n", &s), -1);
	ck_assert_int_eq(parse("fsjail-prune 2 1 1 1 1\n", &s), -1);
	ck_assert_int_eq(parse("", &s), -1);
	ck_assert_int_eq(backup_autoprune_parse("fsjail-prune 1 1 1 1 1\n", 10, &s), -1);
}
END_TEST

START_TEST(test_due)
{
	struct backup_autoprune_stamp s = { 1000000.0, 1, 4096, 1024 * 1024 };
	double now = 1000000.0 + 60;

	ck_assert(backup_autoprune_due(NULL, now, 14, 2048));  /* no stamp */
	ck_assert(!backup_autoprune_due(&s, now, 14, 2048));   /* fresh */
	ck_assert(backup_autoprune_due(&s, s.last - 1, 14, 2048)); /* clock back */
	ck_assert(backup_autoprune_due(&s, s.last + BACKUP_AUTOPRUNE_SECONDS, 14, 2048));
	ck_assert(!backup_autoprune_due(&s, s.last + BACKUP_AUTOPRUNE_SECONDS - 1, 14, 2048));
	ck_assert(backup_autoprune_due(&s, now, 0, 2048)); /* keep_days 0 */
	s.runs = BACKUP_AUTOPRUNE_RUNS - 1;
	ck_assert(!backup_autoprune_due(&s, now, 14, 2048));
	s.runs = BACKUP_AUTOPRUNE_RUNS;
	ck_assert(backup_autoprune_due(&s, now, 14, 2048));
	s.runs = 1;
	/* the size bound: exactly at it is within, a byte over is due */
	s.store = 1024 * 1024 - 4096;
	ck_assert(!backup_autoprune_due(&s, now, 14, 1));
	s.bytes = 4097;
	ck_assert(backup_autoprune_due(&s, now, 14, 1));
	s.store = 2 * 1024 * 1024; /* a store already over its bound */
	s.bytes = 0;
	ck_assert(backup_autoprune_due(&s, now, 14, 1));
	s.store = 0;
	ck_assert(!backup_autoprune_due(&s, now, 14, 0));
	s.bytes = 1;
	ck_assert(backup_autoprune_due(&s, now, 14, 0));
}
END_TEST

Suite *autoprune_suite(void)
{
	Suite *s = suite_create("autoprune");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_due);
	suite_add_tcase(s, tc);
	return s;
}
