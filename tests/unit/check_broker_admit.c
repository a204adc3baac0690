/* check_broker_admit.c - every connection the broker does not serve is a
 * refusal with an audit line naming the reason (broker-admit.h; fix27
 * item 3). A connection on which SO_PASSCRED cannot be set was closed
 * without a word; no test can make the kernel refuse SO_PASSCRED on a
 * real accepted Unix socket, so the code path is driven with a
 * descriptor that is not a socket (ENOTSOCK), and the audit log read. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "broker.h"
#include "broker-admit.h"
#include "config.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

static char scratch[PATH_MAX];
static char *state_dir;
static struct fsj_ctx ctx;
static struct fsj_policy *pol;
static struct broker *b;

static void setup(void)
{
	struct fsj_error err = { { 0 } };

	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_broker_admit", scratch), 0);
	state_dir = xasprintf("%s/state", scratch);
	ck_assert_int_eq(mkdir(state_dir, 0700), 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.env.state_dir = state_dir;
	fsj_config_init(&ctx.config);
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	policy_finalize(pol);
	b = broker_start(&ctx, pol, "admit-1", "true", &err);
	ck_assert_msg(b, "%s", err.text);
}

static void teardown(void)
{
	broker_free(b);
	ck_assert_int_eq(tu_rm_tree(scratch), 0);
	policy_free(pol);
	fsj_config_release(&ctx.config);
	free(state_dir);
}

/* The audit log's whole text (caller frees; "" when there is none). */
static char *audit_text(void)
{
	char *path = xasprintf("%s/audit.ndjson", state_dir), buf[8192];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : 0;

	if (fd >= 0)
		close(fd);
	free(path);
	buf[n > 0 ? n : 0] = '\0';
	return xstrdup(buf);
}

/* SO_PASSCRED cannot be set (here: not a socket): refused, fd closed, and
 * the audit line says connect, deny, and why. */
START_TEST(test_passcred_failure_is_audited)
{
	int p[2];
	char *log;

	ck_assert_int_eq(pipe2(p, O_CLOEXEC), 0);
	ck_assert_int_eq(broker_admit(b, p[0]), -1);
	ck_assert_int_eq(fcntl(p[0], F_GETFD), -1); /* closed */
	ck_assert_int_eq(errno, EBADF);
	close(p[1]);
	log = audit_text();
	ck_assert_msg(strstr(log, "\"decision\":\"deny\""), "%s", log);
	ck_assert_msg(strstr(log, "\"capability\":\"connect\""), "%s", log);
	ck_assert_msg(strstr(log, "SO_PASSCRED"), "%s", log);
	ck_assert_msg(strstr(log, strerror(ENOTSOCK)), "%s", log);
	free(log);
}
END_TEST

/* A refusal writes DENY to the peer, then the audit line with the reason
 * given, and closes the connection. */
START_TEST(test_refuse_says_deny_and_audits)
{
	char buf[16] = { 0 }, *log;
	int s[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, s), 0);
	broker_admit_refuse(b, s[0], "a reason named");
	ck_assert_int_eq(read(s[1], buf, sizeof(buf) - 1), 5);
	ck_assert_str_eq(buf, "DENY\n");
	ck_assert_int_eq(read(s[1], buf, 1), 0); /* closed */
	close(s[1]);
	log = audit_text();
	ck_assert_msg(strstr(log, "a reason named"), "%s", log);
	free(log);
}
END_TEST

static Suite *admit_suite(void)
{
	Suite *s = suite_create("broker_admit");
	TCase *tc = tcase_create("broker_admit");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_passcred_failure_is_audited);
	tcase_add_test(tc, test_refuse_says_deny_and_audits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(admit_suite(), CK_FORK);
}
