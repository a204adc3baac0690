/* fuzz_broker.c - libFuzzer harness for the broker's line framing and its
 * two request parsers (issue 19; src/broker.h). Built only by
 * `make fuzz-broker` (clang, -fsanitize=fuzzer,address,undefined), never
 * by the default build.
 *
 * One broker is started once, for session "fuzz", with a policy that
 * grants everything under /tmp/fsjail-fuzz-broker/work and nothing else
 * (the audit log off, so a long run does not fill the disk), its state in
 * a folder of its own (two runs at once, say a long `make fuzz` beside
 * CI's, must not meet on one session's lock), removed at exit. Each input
 * is sent as is on a new connection, the write side is shut, and every
 * reply (descriptors included) is read until the broker closes: a crash,
 * a hang (libFuzzer's -timeout) or a leak is a finding. The seeds in
 * tests/fuzz/corpus/broker name the session and the work folder. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "broker.h"
#include "config.h"
#include "policy.h"
#include "util.h"

#define FUZZ_ROOT "/tmp/fsjail-fuzz-broker"

static struct broker *broker;
static struct fsj_ctx ctx;
static struct fsj_policy *pol;
static char state[] = FUZZ_ROOT "/state-XXXXXX";

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)ftw;
	(void)(flag == FTW_DP ? rmdir(path) : unlink(path));
	return 0;
}

/* The private state folder goes at a normal exit (libFuzzer's end). */
static void state_remove(void)
{
	if (broker)
		broker_free(broker), broker = NULL;
	(void)nftw(state, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void start(void)
{
	struct fsj_rule r = { 0 };
	struct fsj_error err = { { 0 } };

	(void)mkdir(FUZZ_ROOT, 0700);
	(void)mkdir(FUZZ_ROOT "/work", 0700);
	if (!mkdtemp(state)) {
		perror("fuzz_broker: mkdtemp");
		abort();
	}
	atexit(state_remove);
	memset(&ctx, 0, sizeof(ctx));
	ctx.env.state_dir = state;
	fsj_config_init(&ctx.config);
	ctx.config.audit_enabled = false;
	pol = policy_new(FSJ_MODE_WORKSPACE_WRITE, FSJ_TIER_GUARDED);
	r.path = FUZZ_ROOT "/work";
	r.recursive = true;
	r.allow = FSJ_CAPS_ALL;
	r.source = FSJ_SRC_RULES;
	policy_add_rule(pol, &r);
	policy_finalize(pol);
	broker = broker_start(&ctx, pol, "fuzz", "fuzz", &err);
	/* the fence, as run gives it (NULL: compiled by the broker) */
	if (broker)
		broker_use_plan(broker, NULL);
	if (!broker || broker_serve(broker, &err) < 0) {
		fprintf(stderr, "fuzz_broker: %s\n", err.text);
		abort();
	}
}

/* Read and drop what s sends, closing any descriptor, until it closes. */
static void drain(int s)
{
	char buf[65536], ctl[CMSG_SPACE(sizeof(int) * 8)];

	for (;;) {
		struct iovec iov = { buf, sizeof(buf) };
		struct msghdr msg = { 0 };
		struct cmsghdr *c;
		ssize_t n;

		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = ctl;
		msg.msg_controllen = sizeof(ctl);
		n = recvmsg(s, &msg, MSG_CMSG_CLOEXEC);
		if (n < 0 && errno == EINTR)
			continue;
		for (c = n >= 0 ? CMSG_FIRSTHDR(&msg) : NULL; c; c = CMSG_NXTHDR(&msg, c)) {
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
				size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
				int fds[8];

				memcpy(fds, CMSG_DATA(c), k * sizeof(int));
				while (k-- > 0)
					close(fds[k]);
			}
		}
		if (n <= 0)
			return;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	size_t off = 0;
	int s;

	if (!broker)
		start();
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", broker_socket_path(broker));
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		abort();
	/* write while reading: the broker stops reading a client whose
	 * replies wait (broker.h) */
	while (off < size) {
		struct pollfd p = { s, POLLOUT | POLLIN, 0 };

		if (poll(&p, 1, -1) < 0)
			continue;
		if (p.revents & POLLOUT) {
			ssize_t n = send(s, data + off, size - off, MSG_NOSIGNAL | MSG_DONTWAIT);

			if (n < 0 && errno != EAGAIN && errno != EINTR)
				break;
			off += n > 0 ? (size_t)n : 0;
		}
		if ((p.revents & POLLIN) && off < size) {
			char tmp[4096];

			/* a framing refusal closes the connection: stop there */
			if (recv(s, tmp, sizeof(tmp), MSG_DONTWAIT) == 0)
				break;
		}
		if (p.revents & (POLLHUP | POLLERR))
			break;
	}
	shutdown(s, SHUT_WR);
	drain(s);
	close(s);
	return 0;
}
