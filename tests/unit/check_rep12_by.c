/* check_rep12_by.c - who a refusal names (refusal-by.h; issue 12 item 4,
 * rep12): the command name alone when it is the executable's own name
 * (its first 15 bytes: TASK_COMM_LEN), else the executable with the name
 * beside it, since any program sets its comm (prctl PR_SET_NAME); both
 * escaped for a terminal. And the summary line and the report's
 * "executable" member, driven through refusal_record(). Needs no kernel. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "refusal-by.h"
#include "refusal.h"
#include "testutil.h"
#include "util.h"

static void by_is(const char *exe, const char *comm, const char *want)
{
	char *got = refusal_by(exe, comm);

	ck_assert_msg(strcmp(got, want) == 0, "by(%s, %s) = '%s', want '%s'", exe ? exe : "NULL",
		      comm ? comm : "NULL", got, want);
	free(got);
}

START_TEST(test_by)
{
	by_is("/usr/bin/touch", "touch", "touch");
	by_is("/usr/bin/python3.12", "git", "/usr/bin/python3.12 (comm git)");
	by_is("/usr/bin/dash", "sh", "/usr/bin/dash (comm sh)");
	/* a name cut at 15 bytes is still the executable's own */
	by_is("/usr/lib/x/systemd-tmpfiles-x", "systemd-tmpfile", "systemd-tmpfile");
	/* a prefix that is not cut is not the name */
	by_is("/usr/bin/gitk", "git", "/usr/bin/gitk (comm git)");
	by_is(NULL, "cat", "cat");
	by_is("/usr/bin/cat", NULL, "/usr/bin/cat");
	by_is(NULL, NULL, "?");
}
END_TEST

START_TEST(test_escaped)
{
	char *got = refusal_by("/tmp/x\033[2Jy", "git");

	ck_assert_ptr_null(strchr(got, '\033'));
	ck_assert_ptr_nonnull(strstr(got, "(comm git)"));
	free(got);
}
END_TEST

START_TEST(test_summary_and_report)
{
	struct refusal r = { .cap = FSJ_CAP_WRITE, .path = "/w/f", .reason = "x", .pid = 7,
			     .comm = "git", .exe = "/tmp/evil", .syscall = "ioctl", .error = 1 };
	char path[] = "/tmp/check_rep12_XXXXXX", line[4096];
	int fd = mkstemp(path);
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert_int_ge(fd, 0);
	refusal_reset();
	refusal_set_sinks(&(struct refusal_sinks){ .report_fd = fd, .status_fd = -1 });
	refusal_record(&r);
	refusal_set_sinks(NULL);
	f = open_memstream(&buf, &len);
	refusal_summary(f, NULL);
	fclose(f);
	ck_assert_msg(strstr(buf, "  write /w/f: x (not a rule); by /tmp/evil (comm git)\n"), "%s",
		      buf);
	free(buf);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(fgets(line, sizeof(line), f));
	fclose(f);
	ck_assert_msg(strstr(line, "\"command\":\"git\",\"executable\":\"/tmp/evil\""), "%s", line);
	close(fd);
	unlink(path);
	refusal_reset();
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rep12_by");
	TCase *tc = tcase_create("by");

	tcase_add_test(tc, test_by);
	tcase_add_test(tc, test_escaped);
	tcase_add_test(tc, test_summary_and_report);
	suite_add_tcase(s, tc);
	return tu_run_suite(s, CK_FORK_GETENV);
}
