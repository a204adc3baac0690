/* sbpl-logrun.c - the unified log's Seatbelt denials of one run, read
 * while it runs (see sbpl-logrun.h). One child (`log stream`) writing to
 * a pipe, one reader thread; the child is in a process group of its own
 * (a terminal's ^C stops the command, not the collection), and is always
 * stopped by sbpl_logrun_stop(). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "refusal.h"
#include "sbpl-int.h"
#include "sbpl-log.h"
#include "sbpl-logrun.h"

/* Longest line kept (ndjson of one event: the message and a few fields);
 * a longer one is skipped whole. */
#define LINE_MAX_BYTES (64u << 10)
/* The stream's first line (its header) is awaited this long at start. */
#define READY_MS 2000
/* After the command: stop once the stream was quiet this long, or after
 * SETTLE_MAX_MS in all. The kernel hands a denial to the log within
 * milliseconds; sandboxd's report can take longer under load. */
#define QUIET_MS 250
#define SETTLE_MAX_MS 1500
#define STOP_MS 1000

static struct {
	bool on;
	pid_t pid;
	int fd;
	pthread_t thread;
	const struct fsj_policy *pol;
	char *tag;
	pthread_mutex_t lock;
	struct timespec last; /* when the last line came */
	unsigned long recorded;
} lr = { .fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER };

char *sbpl_logrun_predicate(const char *tag)
{
	return xasprintf("(((processID == 0) AND (senderImagePath CONTAINS \"/Sandbox\")) OR "
			 "(subsystem == \"com.apple.sandbox.reporting\")) AND "
			 "(eventMessage CONTAINS \"%s\")",
			 tag);
}

int sbpl_logrun_cap(const char *op)
{
	static const struct {
		const char *op;
		int cap;
	} exact[] = {
		{ "file-write-create", FSJ_CAP_CREATE },    { "file-link", FSJ_CAP_CREATE },
		{ "file-clone", FSJ_CAP_CREATE },           { "file-write-unlink", FSJ_CAP_DELETE },
		{ "file-map-executable", FSJ_CAP_EXECUTE }, { "network-bind", FSJ_CAP_CREATE },
	};

	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (strcmp(op, exact[i].op) == 0)
			return exact[i].cap;
	if (strncmp(op, "file-write", 10) == 0)
		return FSJ_CAP_WRITE;
	if (strncmp(op, "file-read", 9) == 0)
		return FSJ_CAP_READ;
	if (strncmp(op, "process-exec", 12) == 0)
		return FSJ_CAP_EXECUTE;
	if (strcmp(op, "network-outbound") == 0)
		return FSJ_CAP_CONNECT; /* a unix socket's path; an address is left out */
	return -1;
}

static long ms_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
}

/* Ends the log program PID and its group (a wrapper's children hold the
 * pipe too): SIGTERM, then SIGKILL if it ignored that for STOP_MS. */
static void stop_program(pid_t pid)
{
	struct timespec ts = { 0, 10 * 1000000L };
	int ms;

	(void)kill(-pid, SIGTERM);
	(void)kill(pid, SIGTERM);
	for (ms = 0; ms < STOP_MS && waitpid(pid, NULL, WNOHANG) == 0; ms += 10)
		nanosleep(&ts, NULL);
	if (ms >= STOP_MS) {
		(void)kill(-pid, SIGKILL);
		(void)kill(pid, SIGKILL);
		(void)waitpid(pid, NULL, 0);
	}
}

/* One denial of this run: a refusal like the listener's, decided again
 * by the policy for its rule and level. */
static void record(const struct sbpl_denial *d)
{
	struct fsj_decision dec;
	struct refusal r;
	char *reason = NULL;
	int cap = sbpl_logrun_cap(d->op);

	if (cap < 0 || d->target[0] != '/')
		return; /* not a file capability: mach-lookup, sysctl, an address */
	memset(&r, 0, sizeof(r));
	policy_decide(lr.pol, d->target, NULL, (enum fsj_cap)cap, &dec);
	r.cap = (enum fsj_cap)cap;
	r.path = d->target;
	if (!dec.allowed) {
		r.reason = "policy";
		r.decision = &dec;
	} else {
		/* the profile refused what the policy grants (an operation
		 * Seatbelt checks on its own, a path spelt otherwise) */
		reason = xasprintf("seatbelt profile (%s)", d->rule[0] ? d->rule : "deny default");
		r.reason = reason;
	}
	r.pid = (pid_t)d->pid;
	r.comm = d->process[0] ? d->process : NULL;
	r.syscall = d->op;
	r.error = EPERM;
	refusal_record(&r);
	free(reason);
	pthread_mutex_lock(&lr.lock);
	lr.recorded++;
	pthread_mutex_unlock(&lr.lock);
}

static void *reader(void *arg)
{
	struct strbuf line = STRBUF_INIT;
	bool skipping = false;
	char buf[8192];
	ssize_t n;

	(void)arg;
	while ((n = read(lr.fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		pthread_mutex_lock(&lr.lock);
		clock_gettime(CLOCK_MONOTONIC, &lr.last);
		pthread_mutex_unlock(&lr.lock);
		for (ssize_t i = 0; i < n; i++) {
			struct sbpl_denial d;

			if (buf[i] != '\n') {
				if (line.len >= LINE_MAX_BYTES)
					skipping = true;
				else
					sb_addc(&line, buf[i]);
				continue;
			}
			if (!skipping && line.buf && sbpl_log_parse(line.buf, lr.tag, &d) == 1)
				record(&d);
			skipping = false;
			line.len = 0;
			if (line.buf)
				line.buf[0] = '\0';
		}
	}
	sb_release(&line);
	return NULL;
}

/* The log program: FSJAIL_LOG_COMMAND, else macOS's; NULL elsewhere. */
static const char *log_program(struct fsj_error *err, bool *bad)
{
	const char *p = getenv("FSJAIL_LOG_COMMAND");

	*bad = false;
	if (p && *p) {
		if (p[0] == '/')
			return p;
		*bad = true;
		fsj_error_set(err, NULL, 0, 0,
			      "FSJAIL_LOG_COMMAND must be an absolute path, not '%s'", p);
		return NULL;
	}
#ifdef __APPLE__
	return "/usr/bin/log";
#else
	return NULL;
#endif
}

int sbpl_logrun_start(const struct fsj_policy *pol, const char *tag, struct fsj_error *err)
{
	struct pollfd pfd;
	char *pred;
	const char *prog;
	bool bad;
	int p[2], rc;

	if (lr.on || !tag || !sbpl_id_is_safe(tag))
		return 1;
	prog = log_program(err, &bad);
	if (!prog)
		return bad ? -1 : 1;
	if (pipe(p) < 0) /* macOS has no pipe2 */
		return fsj_error_set(err, NULL, 0, 0, "cannot start '%s stream': %s", prog,
				     strerror(errno));
	(void)fcntl(p[0], F_SETFD, FD_CLOEXEC); /* never the command's */
	pred = sbpl_logrun_predicate(tag);
	lr.pid = fork();
	if (lr.pid == 0) {
		int null = open("/dev/null", O_RDWR);

		(void)setpgid(0, 0);
		if (null < 0 || dup2(null, 0) < 0 || dup2(p[1], 1) < 0 || dup2(null, 2) < 0)
			_exit(127);
		execl(prog, "log", "stream", "--style", "ndjson", "--predicate", pred,
		      (char *)NULL);
		_exit(127);
	}
	free(pred);
	close(p[1]);
	if (lr.pid < 0) {
		close(p[0]);
		return fsj_error_set(err, NULL, 0, 0, "cannot start '%s stream': %s", prog,
				     strerror(errno));
	}
	(void)setpgid(lr.pid, lr.pid); /* as the child does: no race */
	/* its header says the stream is on; nothing at all: it failed */
	pfd.fd = p[0];
	pfd.events = POLLIN;
	do
		rc = poll(&pfd, 1, READY_MS);
	while (rc < 0 && errno == EINTR);
	if (rc <= 0 || !(pfd.revents & POLLIN)) {
		stop_program(lr.pid);
		close(p[0]);
		return fsj_error_set(err, NULL, 0, 0,
				     "'%s stream' %s: the run's Seatbelt denials are not listed",
				     prog, rc == 0 ? "did not start in time" : "failed");
	}
	lr.fd = p[0];
	lr.pol = pol;
	lr.tag = xstrdup(tag);
	lr.recorded = 0;
	clock_gettime(CLOCK_MONOTONIC, &lr.last);
	if (pthread_create(&lr.thread, NULL, reader, NULL) != 0) {
		stop_program(lr.pid);
		close(lr.fd);
		free(lr.tag);
		return fsj_error_set(err, NULL, 0, 0, "cannot read the log stream: no thread");
	}
	lr.on = true;
	return 0;
}

unsigned long sbpl_logrun_stop(void)
{
	struct timespec start, last;

	if (!lr.on)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		struct timespec ts = { 0, 50 * 1000000L };

		pthread_mutex_lock(&lr.lock);
		last = lr.last;
		pthread_mutex_unlock(&lr.lock);
		if (ms_since(&start) >= SETTLE_MAX_MS ||
		    (ms_since(&start) >= QUIET_MS && ms_since(&last) >= QUIET_MS))
			break;
		nanosleep(&ts, NULL);
	}
	stop_program(lr.pid);
	(void)pthread_join(lr.thread, NULL); /* reads what is left, to the end */
	close(lr.fd);
	lr.fd = -1;
	free(lr.tag);
	lr.tag = NULL;
	lr.on = false;
	return lr.recorded;
}
