/* check_refusal.c - the run's refusals (refusal.h; DESIGN.md section 10,
 * issue 12 item 4): the summary after the command (grouping per
 * capability and path, at most ten lines then "and N more", the deciding
 * rule with its file:line), the escaping of what a command chose, and the
 * NDJSON lines of --report and --status-fd, driven through
 * refusal_record() as the listener calls it. Needs no kernel. */
#include <check.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "refusal.h"
#include "testutil.h"
#include "util.h"

static const struct fsj_rule env_rule = {
	.id = "no-env",
	.path = "/w/.env",
	.deny = FSJ_CAPS_ALL,
	.source = FSJ_SRC_RULES,
	.origin = "/home/u/.config/fsjail/rules.yaml:7",
};
static const struct fsj_decision env_deny = {
	.allowed = false,
	.level = FSJ_LEVEL_EXPLICIT,
	.rule = &env_rule,
};

static void record(enum fsj_cap cap, const char *path, const char *comm,
		   const struct fsj_decision *d, const char *reason)
{
	struct refusal r = {
		.cap = cap,
		.path = path,
		.reason = reason,
		.pid = 42,
		.comm = comm,
		.syscall = "openat",
		.error = EACCES,
		.decision = d,
	};

	refusal_record(&r);
}

/* The summary as text; caller frees. */
static char *summary(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	refusal_summary(f, NULL);
	fclose(f);
	return buf;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void reset(void)
{
	refusal_reset();
}

START_TEST(test_nothing_refused_prints_nothing)
{
	cleanup_free char *text = summary();

	ck_assert_str_eq(text, "");
	ck_assert_uint_eq(refusal_count(), 0);
}
END_TEST

/* Repeats of one (capability, path) are one line with a count; the rule
 * is named with its id and FILE:LINE, and the command that tried. */
START_TEST(test_grouping_and_rule)
{
	cleanup_free char *text = NULL;

	record(FSJ_CAP_CREATE, "/w/.env", "touch", &env_deny, "policy");
	record(FSJ_CAP_CREATE, "/w/.env", "touch", &env_deny, "policy");
	record(FSJ_CAP_READ, "/w/.env", "cat", &env_deny, "policy");
	record(FSJ_CAP_WRITE, "/w/hard", "sh", NULL, "hard link");
	text = summary();
	ck_assert_msg(strstr(text, "fsjail: 4 refusals in this run:\n"), "%s", text);
	ck_assert_msg(strstr(text, "  create /w/.env: explicit rule 'no-env' at "
				   "/home/u/.config/fsjail/rules.yaml:7; by touch (2 times)\n"),
		      "%s", text);
	ck_assert_msg(strstr(text, "  read /w/.env: explicit rule 'no-env' at "
				   "/home/u/.config/fsjail/rules.yaml:7; by cat\n"),
		      "%s", text);
	ck_assert_msg(strstr(text, "  write /w/hard: hard link (not a rule); by sh\n"), "%s", text);
	ck_assert_uint_eq(count_lines(text), 4);
	/* first seen first */
	ck_assert(strstr(text, "create /w/.env") < strstr(text, "read /w/.env"));
}
END_TEST

START_TEST(test_ten_lines_then_more)
{
	cleanup_free char *text = NULL;
	char path[64];

	for (int i = 0; i < 13; i++) {
		snprintf(path, sizeof(path), "/w/f%02d", i);
		record(FSJ_CAP_DELETE, path, "rm", &env_deny, "policy");
	}
	record(FSJ_CAP_DELETE, "/w/f00", "rm", &env_deny, "policy");
	text = summary();
	ck_assert_uint_eq(count_lines(text), 1 + 10 + 1);
	ck_assert_msg(strstr(text, "fsjail: 14 refusals in this run:\n"), "%s", text);
	ck_assert_msg(strstr(text, "delete /w/f00: ") && strstr(text, "(2 times)"), "%s", text);
	ck_assert_msg(strstr(text, "delete /w/f09: "), "%s", text);
	ck_assert_msg(!strstr(text, "/w/f10"), "%s", text);
	ck_assert_msg(strstr(text, "\n  and 3 more\n"), "%s", text);
}
END_TEST

/* A path or command name a command chose never puts an escape sequence
 * on the terminal: ESC, CSI (C1, raw and UTF-8 encoded), other controls
 * and invalid UTF-8 are shown as \xHH; valid UTF-8 stays. */
START_TEST(test_escaping)
{
	cleanup_free char *text = NULL;
	cleanup_free char *p = NULL;

	record(FSJ_CAP_CREATE, "/w/\x1b]0;pwned\x07\x1b[2J\x9b" "31m\xc2\x9b\xff\n\xc3\xa9t\xc3\xa9",
	       "ev\x1b[1mil", &env_deny, "policy");
	text = summary();
	ck_assert_msg(!strchr(text, '\x1b') && !strchr(text, '\x07') && !strchr(text, '\x9b') &&
			      !strchr(text, '\xff'),
		      "%s", text);
	ck_assert_msg(strstr(text, "create /w/\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\xc2\\x9b\\xff"
				   "\\x0a\xc3\xa9t\xc3\xa9: "),
		      "%s", text);
	ck_assert_msg(strstr(text, "by ev\\x1b[1mil\n"), "%s", text);
	p = refusal_printable("a\\b\x7f\xe2\x82\xac\xed\xa0\x80\xc0\xaf");
	ck_assert_str_eq(p, "a\\\\b\\x7f\xe2\x82\xac\\xed\\xa0\\x80\\xc0\\xaf");
}
END_TEST

/* Every refusal is one line on the report and the status stream, each a
 * JSON object with its schema and the documented fields. */
START_TEST(test_report_and_status_lines)
{
	int rep[2], st[2];
	struct refusal_sinks s = { .session = "sess1" };
	char buf[8192];
	ssize_t n;
	cJSON *o, *f;
	char *line, *save = NULL;
	int lines = 0;

	ck_assert_int_eq(pipe(rep), 0);
	ck_assert_int_eq(pipe(st), 0);
	s.report_fd = rep[1];
	s.status_fd = st[1];
	refusal_set_sinks(&s);
	record(FSJ_CAP_CREATE, "/w/.env", "touch", &env_deny, "policy");
	record(FSJ_CAP_WRITE, "/w/x", NULL, NULL, "unresolvable path");
	refusal_set_sinks(NULL);
	record(FSJ_CAP_WRITE, "/w/y", "sh", NULL, "not streamed");
	close(rep[1]);
	close(st[1]);
	n = read(rep[0], buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		o = cJSON_Parse(line);
		ck_assert_msg(o, "not JSON: %s", line);
		ck_assert_str_eq(cJSON_GetObjectItem(o, "schema")->valuestring, "fsjail-refusal/1");
		ck_assert_str_eq(cJSON_GetObjectItem(o, "session")->valuestring, "sess1");
		ck_assert_str_eq(cJSON_GetObjectItem(o, "errno")->valuestring, "EACCES");
		ck_assert_ptr_nonnull(cJSON_GetObjectItem(o, "time"));
		ck_assert_ptr_nonnull(cJSON_GetObjectItem(o, "syscall"));
		if (lines == 0) {
			ck_assert_str_eq(cJSON_GetObjectItem(o, "capability")->valuestring, "create");
			ck_assert_str_eq(cJSON_GetObjectItem(o, "path")->valuestring, "/w/.env");
			ck_assert_str_eq(cJSON_GetObjectItem(o, "level")->valuestring, "explicit");
			ck_assert_str_eq(cJSON_GetObjectItem(o, "rule_id")->valuestring, "no-env");
			ck_assert_str_eq(cJSON_GetObjectItem(o, "rule_origin")->valuestring,
					 "/home/u/.config/fsjail/rules.yaml:7");
			ck_assert_str_eq(cJSON_GetObjectItem(o, "command")->valuestring, "touch");
			ck_assert_int_eq(cJSON_GetObjectItem(o, "pid")->valueint, 42);
		} else {
			f = cJSON_GetObjectItem(o, "level");
			ck_assert(cJSON_IsNull(f));
			ck_assert_str_eq(cJSON_GetObjectItem(o, "reason")->valuestring,
					 "unresolvable path");
		}
		cJSON_Delete(o);
		lines++;
	}
	ck_assert_int_eq(lines, 2);
	n = read(st[0], buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	ck_assert_msg(strncmp(buf, "{\"schema\":\"fsjail-run/1\",\"type\":\"refused\"", 41) == 0,
		      "%s", buf);
	ck_assert_uint_eq(count_lines(buf), 2);
	close(rep[0]);
	close(st[0]);
	ck_assert_uint_eq(refusal_count(), 3);
}
END_TEST

START_TEST(test_status_write_puts_schema_first)
{
	int st[2];
	char buf[512];
	ssize_t n;
	cJSON *o = cJSON_CreateObject();

	ck_assert_int_eq(pipe(st), 0);
	cJSON_AddStringToObject(o, "type", "started");
	cJSON_AddNumberToObject(o, "pid", 7);
	ck_assert_int_eq(refusal_status_write(st[1], o), 0);
	close(st[1]);
	n = read(st[0], buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "{\"schema\":\"fsjail-run/1\",\"type\":\"started\",\"pid\":7}\n");
	close(st[0]);
	/* without a status descriptor: nothing, no error */
	ck_assert_int_eq(refusal_status_write(-1, cJSON_CreateObject()), 0);
}
END_TEST

static Suite *refusal_suite(void)
{
	Suite *s = suite_create("refusal");
	TCase *tc = tcase_create("summary");

	tcase_add_checked_fixture(tc, reset, reset);
	tcase_add_test(tc, test_nothing_refused_prints_nothing);
	tcase_add_test(tc, test_grouping_and_rule);
	tcase_add_test(tc, test_ten_lines_then_more);
	tcase_add_test(tc, test_escaping);
	tcase_add_test(tc, test_report_and_status_lines);
	tcase_add_test(tc, test_status_write_puts_schema_first);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(refusal_suite(), CK_FORK_GETENV);
}
