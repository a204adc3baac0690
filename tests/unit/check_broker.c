/* check_broker.c - the broker without a sandbox (broker.h): session ids,
 * the socket's folder and modes, the ModifyBackup and trash hooks' place
 * in the order of a decision (a refusing hook leaves the file unchanged),
 * and the environment it exports. A scratch state folder and a policy
 * granting everything on one scratch folder; requests over the socket. */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "broker.h"
#include "broker-int.h"
#include "config.h"
#include "policy.h"
#include "util.h"
#include "testutil.h"

static char scratch[PATH_MAX];
static char *state_dir, *work_dir;
static struct fsj_ctx ctx;
static struct fsj_policy *pol;

static void setup(void)
{
	struct fsj_rule r = { 0 };

	ck_assert_int_eq(tu_mkdtemp_in("/tmp", "check_broker", scratch), 0);
	state_dir = xasprintf("%s/state", scratch);
	work_dir = xasprintf("%s/work", scratch);
	ck_assert_int_eq(mkdir(state_dir, 0700), 0);
	ck_assert_int_eq(mkdir(work_dir, 0700), 0);
	memset(&ctx, 0, sizeof(ctx));
	ctx.env.state_dir = state_dir;
	fsj_config_init(&ctx.config);
	ctx.config.delete_mode = FSJ_DELETE_TRASH;
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	r.path = work_dir;
	r.recursive = true;
	r.allow = FSJ_CAPS_ALL;
	r.source = FSJ_SRC_RULES;
	policy_add_rule(pol, &r);
	policy_finalize(pol);
}

static void teardown(void)
{
	ck_assert_int_eq(tu_rm_tree(scratch), 0);
	policy_free(pol);
	fsj_config_release(&ctx.config);
	free(state_dir);
	free(work_dir);
}

/* Send one line and return the reply line (caller frees). */
/* A connected client of the socket at sock_path (the test fails when it
 * cannot connect). */
static int connect_to(const char *sock_path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	ck_assert_int_ge(fd, 0);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", sock_path);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	return fd;
}

/* One reply line from fd into buf (size bytes, without the '\n'). */
static void read_reply(int fd, char *buf, size_t size)
{
	size_t n = 0;
	char ch;

	while (n < size - 1 && read(fd, &ch, 1) == 1 && ch != '\n')
		buf[n++] = ch;
	buf[n] = '\0';
}

static char *ask(const char *sock_path, const char *line)
{
	char buf[8192];
	int fd = connect_to(sock_path);

	ck_assert_int_eq(write_all(fd, line, strlen(line)), 0);
	ck_assert_int_eq(write_all(fd, "\n", 1), 0);
	read_reply(fd, buf, sizeof(buf));
	close(fd);
	return xstrdup(buf);
}

/* A broker for session, started and serving (the test fails otherwise);
 * stop it with broker_free(). */
static struct broker *serving_broker(const char *session)
{
	struct fsj_error err = { { 0 } };
	struct broker *b = broker_start(&ctx, pol, session, "true", &err);

	ck_assert_msg(b, "%s", err.text);
	/* without its fence (broker_use_plan()) nothing is served, when the
	 * run has one */
	ck_assert_int_eq(broker_serve(b, &err) == 0, !broker_fence_wanted(&ctx));
	broker_use_plan(b, NULL);
	ck_assert_int_eq(broker_serve(b, &err), 0);
	return b;
}

static void write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write_all(fd, text, strlen(text)), 0);
	close(fd);
}

START_TEST(test_session_valid)
{
	ck_assert(broker_session_valid("a"));
	ck_assert(broker_session_valid("harness-1.A_b"));
	ck_assert(broker_session_valid(
		"0123456789012345678901234567890123456789012345678901234567890123"));
	ck_assert(!broker_session_valid(
		"01234567890123456789012345678901234567890123456789012345678901234"));
	ck_assert(!broker_session_valid(""));
	ck_assert(!broker_session_valid(NULL));
	ck_assert(!broker_session_valid("."));
	ck_assert(!broker_session_valid(".."));
	ck_assert(!broker_session_valid("a/b"));
	ck_assert(!broker_session_valid("a b"));
	ck_assert(!broker_session_valid("a\tb"));
}
END_TEST

START_TEST(test_start_modes_env_and_cleanup)
{
	struct fsj_error err = { { 0 } };
	struct broker *b = broker_start(&ctx, pol, "unit-1", "true", &err);
	struct stat st;
	char *dir;

	ck_assert_msg(b, "%s", err.text);
	ck_assert_str_eq(broker_session(b), "unit-1");
	ck_assert_str_eq(getenv("FSJAIL_SESSION_ID"), "unit-1");
	ck_assert_str_eq(getenv("FSJAIL_BROKER_SOCKET"), broker_socket_path(b));
	ck_assert_str_eq(getenv("FSJAIL_CALL_ID"), broker_call(b));
	ck_assert_int_eq(strlen(broker_call(b)), 16);
	dir = xasprintf("%s/run/unit-1", state_dir);
	ck_assert_int_eq(lstat(dir, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0700);
	ck_assert_int_eq(lstat(broker_socket_path(b), &st), 0);
	ck_assert(S_ISSOCK(st.st_mode));
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	/* a second broker on a live session is refused */
	ck_assert_ptr_null(broker_start(&ctx, pol, "unit-1", "true", &err));
	ck_assert_msg(strstr(err.text, "in use"), "%s", err.text);
	broker_free(b);
	ck_assert_int_eq(lstat(dir, &st), -1);
	free(dir);
	ck_assert_ptr_null(broker_start(&ctx, pol, "../x", "true", &err));
}
END_TEST

static int refuse_backup(struct broker *b, int dirfd, const char *name, const char *path,
			 struct fsj_error *err)
{
	(void)b;
	(void)dirfd;
	(void)name;
	return fsj_error_set(err, NULL, 0, 0, "backup store full for '%s'", path);
}

START_TEST(test_backup_hook_refusal_leaves_file)
{
	struct fsj_error err = { { 0 } };
	struct broker *b;
	char *src = xasprintf("%s/src", work_dir), *dst = xasprintf("%s/dst", work_dir);
	char *line, *reply, *text = NULL;
	size_t len;

	write_text(src, "new");
	write_text(dst, "precious");
	broker_backup_hook = refuse_backup;
	b = broker_start(&ctx, pol, "unit-2", "cp", &err);
	ck_assert_msg(b, "%s", err.text);
	broker_use_plan(b, NULL);
	ck_assert_int_eq(broker_serve(b, &err), 0);
	line = xasprintf("{\"id\":7,\"command\":\"HostFileOperation\",\"operation\":\"copy\","
			 "\"from\":\"%s\",\"to\":\"%s\",\"sessionId\":\"unit-2\"}",
			 src, dst);
	reply = ask(broker_socket_path(b), line);
	broker_free(b);
	broker_backup_hook = NULL;
	ck_assert_msg(strstr(reply, "\"ok\":false") && strstr(reply, "backup store full"), "%s",
		      reply);
	ck_assert_msg(strstr(reply, "\"id\":7"), "%s", reply);
	ck_assert_int_eq(read_file(dst, 100, &text, &len), 0);
	ck_assert_str_eq(text, "precious");
	free(text);
	free(reply);
	free(line);
	free(src);
	free(dst);
}
END_TEST

START_TEST(test_trash_without_hook_fails_closed)
{
	struct fsj_error err = { { 0 } };
	struct broker *b;
	char *f = xasprintf("%s/f", work_dir), *line, *reply;
	int (*saved)(struct broker *, int, const char *, const char *, struct fsj_error *) =
		broker_trash_hook;
	struct stat st;

	write_text(f, "x");
	broker_trash_hook = NULL;
	b = broker_start(&ctx, pol, "unit-3", "rm", &err);
	ck_assert_msg(b, "%s", err.text);
	broker_use_plan(b, NULL);
	ck_assert_int_eq(broker_serve(b, &err), 0);
	line = xasprintf("{\"id\":1,\"command\":\"HostFileOperation\",\"operation\":\"delete\","
			 "\"path\":\"%s\",\"sessionId\":\"unit-3\"}",
			 f);
	reply = ask(broker_socket_path(b), line);
	broker_free(b);
	broker_trash_hook = saved;
	ck_assert_msg(strstr(reply, "trash not available"), "%s", reply);
	ck_assert_int_eq(lstat(f, &st), 0);
	free(reply);
	free(line);
	free(f);
}
END_TEST

/* The broker stops (the run ends, or fsjail fails) while a client is
 * connected, between two requests: the client reads end of file, a write
 * then fails, and the socket is gone, so nobody can reach a broker that is
 * no longer there (the client fails closed). */
START_TEST(test_stopped_broker_gives_clients_eof)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct broker *b = serving_broker("unit-4");
	char *line, ch, buf[4096];
	int fd;

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", broker_socket_path(b));
	fd = connect_to(sa.sun_path);
	/* one request answered first: the broker has taken this client */
	line = xstrdup("{\"id\":1,\"command\":\"HostFileOperation\",\"operation\":\"nope\","
		       "\"sessionId\":\"unit-4\"}\n");
	ck_assert_int_eq(write_all(fd, line, strlen(line)), 0);
	read_reply(fd, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, "\"ok\":false"), "%s", buf);
	broker_free(b);
	ck_assert_int_eq(read(fd, &ch, 1), 0);
	ck_assert_int_eq(send(fd, line, strlen(line), MSG_NOSIGNAL), -1);
	ck_assert_int_eq(errno, EPIPE);
	close(fd);
	/* nothing listens on that path any more */
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), -1);
	ck_assert_int_eq(errno, ENOENT);
	close(fd);
	free(line);
}
END_TEST

/* A request line holding a NUL byte is refused whole (DENY), however
 * well-formed the part before it: nothing after a NUL can be checked. */
START_TEST(test_nul_in_request_is_refused)
{
	static const char req[] = "{\"id\":1,\"command\":\"HostFileOperation\","
				  "\"operation\":\"mkdir\",\"path\":\"/x\",\"sessionId\":\"unit-5\"}"
				  "\0tail\n";
	struct broker *b = serving_broker("unit-5");
	char buf[64];
	int fd = connect_to(broker_socket_path(b));

	ck_assert_int_eq(write_all(fd, req, sizeof(req) - 1), 0);
	read_reply(fd, buf, sizeof(buf));
	close(fd);
	broker_free(b);
	ck_assert_str_eq(buf, "DENY");
}
END_TEST

/* /proc is never served, whatever the policy grants: a token for a
 * process's file is refused even with a rule allowing read on /proc. */
START_TEST(test_pseudo_fs_never_served)
{
	struct fsj_rule r = { 0 };
	struct broker *b;
	char *line, *reply;

	r.path = "/proc";
	r.recursive = true;
	r.allow = FSJ_CAPBIT(FSJ_CAP_READ);
	r.source = FSJ_SRC_RULES;
	policy_add_rule(pol, &r);
	b = serving_broker("unit-6");
	line = xstrdup("fsjail.read\t/proc/self/status\tunit-6\tc");
	reply = ask(broker_socket_path(b), line);
	ck_assert_str_eq(reply, "DENY");
	free(reply);
	free(line);
	broker_free(b);
}
END_TEST

static int fd_hook_calls;

static int refusing_fd_hook(struct broker *b, int dirfd, const char *name, int fd,
			    const char *path, const char *call, struct fsj_error *err)
{
	struct stat st;

	(void)b;
	(void)dirfd;
	(void)name;
	(void)call;
	fd_hook_calls++;
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	return fsj_error_set(err, NULL, 0, 0, "no space for the backup of '%s'", path);
}

/* A read-write token takes its backup (the identity-keyed hook) before
 * the descriptor goes out; a refusing hook refuses the token. */
START_TEST(test_rw_token_backup_first)
{
	struct broker *b;
	char *file = xasprintf("%s/rw", work_dir), *line, *reply;

	write_text(file, "kept");
	broker_backup_fd_hook = refusing_fd_hook;
	fd_hook_calls = 0;
	b = serving_broker("unit-7");
	line = xasprintf("fsjail.read-write\t%s\tunit-7\tc", file);
	reply = ask(broker_socket_path(b), line);
	broker_free(b);
	broker_backup_fd_hook = NULL;
	ck_assert_int_eq(fd_hook_calls, 1);
	ck_assert_str_eq(reply, "DENY");
	free(reply);
	free(line);
	free(file);
}
END_TEST

/* Requests sent together are answered one each, in order. */
START_TEST(test_pipelined_replies_in_order)
{
	struct broker *b = serving_broker("unit-8");
	struct strbuf sb = STRBUF_INIT;
	char buf[8192], want[32];
	int fd, i;

	for (i = 1; i <= 50; i++)
		sb_addf(&sb, "{\"id\":%d,\"command\":\"HostFileOperation\",\"operation\":"
			     "\"mkdir\",\"path\":\"%s/p%d\",\"sessionId\":\"unit-8\"}\n",
			i, work_dir, i % 3);
	fd = connect_to(broker_socket_path(b));
	ck_assert_int_eq(write_all(fd, sb.buf, sb.len), 0);
	for (i = 1; i <= 50; i++) {
		read_reply(fd, buf, sizeof(buf));
		snprintf(want, sizeof(want), "{\"id\":%d,", i);
		ck_assert_msg(strncmp(buf, want, strlen(want)) == 0, "reply %d: %s", i, buf);
	}
	close(fd);
	broker_free(b);
	sb_release(&sb);
}
END_TEST

static Suite *broker_suite(void)
{
	Suite *s = suite_create("broker");
	TCase *tc = tcase_create("broker");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_session_valid);
	tcase_add_test(tc, test_start_modes_env_and_cleanup);
	tcase_add_test(tc, test_backup_hook_refusal_leaves_file);
	tcase_add_test(tc, test_trash_without_hook_fails_closed);
	tcase_add_test(tc, test_stopped_broker_gives_clients_eof);
	tcase_add_test(tc, test_nul_in_request_is_refused);
	tcase_add_test(tc, test_pseudo_fs_never_served);
	tcase_add_test(tc, test_rw_token_backup_first);
	tcase_add_test(tc, test_pipelined_replies_in_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run_suite(broker_suite(), CK_FORK);
}
