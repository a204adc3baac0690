/* audit.c - the NDJSON audit log (DESIGN.md section 10). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit.h"
#include "path.h"

/* The cap's state, shared by the threads writing through one handle. */
struct audit_limit {
	pthread_mutex_t lock;
	unsigned long max_bytes; /* per handle (per run) */
	unsigned rate, burst;    /* lines per second; most lines at once */
	unsigned long written;   /* bytes written so far */
	double tokens;           /* lines that may be written now */
	struct timespec last;    /* when tokens was last refilled */
	unsigned long over_cap, over_rate;
	char *session, *command; /* of the first line dropped, for the note */
};

/* Room kept under max_bytes for the closing note. */
#define AUDIT_NOTE_RESERVE 4096u

char *audit_path(const struct fsj_ctx *ctx)
{
	if (ctx->config.audit_path)
		return xstrdup(ctx->config.audit_path);
	return path_join(ctx->env.state_dir, "audit.ndjson");
}

int audit_open(struct audit_log *log, const struct fsj_ctx *ctx, struct fsj_error *err)
{
	cleanup_free char *dir = NULL;

	log->fd = -1;
	log->path = audit_path(ctx);
	if (!ctx->config.audit_enabled)
		return 0;
	dir = path_dirname(log->path);
	if (mkdir_p(dir, 0700) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot create the audit folder '%s': %s", dir,
				     strerror(errno));
	log->fd = open(log->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (log->fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot open the audit log '%s': %s",
				     log->path, strerror(errno));
	log->limit = xcalloc(1, sizeof(*log->limit));
	pthread_mutex_init(&log->limit->lock, NULL);
	log->limit->max_bytes = AUDIT_RUN_MAX_BYTES;
	log->limit->rate = AUDIT_RATE_LINES;
	log->limit->burst = AUDIT_RATE_BURST;
	log->limit->tokens = AUDIT_RATE_BURST;
	clock_gettime(CLOCK_MONOTONIC, &log->limit->last);
	return 0;
}

/* Under lim->lock: may a line of n bytes be written now? Counts a drop. */
static bool limit_admit(struct audit_limit *lim, size_t n, const struct audit_event *ev)
{
	struct timespec now;
	double dt;
	bool cap;

	clock_gettime(CLOCK_MONOTONIC, &now);
	dt = (double)(now.tv_sec - lim->last.tv_sec) + (double)(now.tv_nsec - lim->last.tv_nsec) / 1e9;
	lim->last = now;
	lim->tokens += dt * lim->rate;
	if (lim->tokens > lim->burst)
		lim->tokens = lim->burst;
	cap = lim->written + n + AUDIT_NOTE_RESERVE > lim->max_bytes;
	if (!cap && lim->tokens >= 1.0) {
		lim->tokens -= 1.0;
		lim->written += n;
		return true;
	}
	if (cap)
		lim->over_cap++;
	else
		lim->over_rate++;
	if (!lim->session && ev->session)
		lim->session = xstrdup(ev->session);
	if (!lim->command && ev->command)
		lim->command = xasprintf("%.*s", 1024, ev->command);
	return false;
}

static void add_str(cJSON *o, const char *key, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

int audit_record(const struct audit_log *log, const struct audit_event *ev)
{
	cleanup_free char *resolved = NULL;
	cleanup_free char *command = NULL;
	char when[48];
	struct timespec ts;
	struct tm tm;
	size_t n;
	ssize_t w;
	char *line;
	cJSON *o;

	if (log->fd < 0)
		return 0;
	if (ev->path && !ev->resolved && ev->path[0] == '/')
		resolved = path_resolve(ev->path);
	/* Keep the line under AUDIT_LINE_MAX: only the command line can be
	 * long enough to matter. */
	if (ev->command && strlen(ev->command) > AUDIT_LINE_MAX / 4)
		command = xasprintf("%.*s...", (int)(AUDIT_LINE_MAX / 4), ev->command);

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm);
	n = strlen(when);
	snprintf(when + n, sizeof(when) - n, ".%03ldZ", ts.tv_nsec / 1000000);

	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "time", when);
	add_str(o, "session", ev->session);
	add_str(o, "call", ev->call);
	add_str(o, "command", command ? command : ev->command);
	add_str(o, "capability", ev->capability);
	add_str(o, "path", ev->path);
	add_str(o, "resolved", ev->resolved ? ev->resolved : resolved);
	add_str(o, "decision", ev->decision);
	add_str(o, "source", ev->source);
	add_str(o, "rule", ev->rule_id);
	if (ev->detail)
		cJSON_AddStringToObject(o, "detail", ev->detail);
	line = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!line) {
		errno = ENOMEM;
		return -1;
	}
	n = strlen(line);
	if (log->limit) {
		pthread_mutex_lock(&log->limit->lock);
		if (!limit_admit(log->limit, n + 1, ev)) {
			pthread_mutex_unlock(&log->limit->lock);
			cJSON_free(line);
			return 0;
		}
		pthread_mutex_unlock(&log->limit->lock);
	}
	line[n] = '\n'; /* cJSON's buffer: replace the NUL, write n + 1 bytes */
	/* One write(2): O_APPEND makes the offset update and the write atomic
	 * against other appenders, so lines never interleave. */
	do
		w = write(log->fd, line, n + 1);
	while (w < 0 && errno == EINTR);
	cJSON_free(line);
	if (w < 0)
		return -1;
	if ((size_t)w != n + 1) {
		errno = EIO;
		return -1;
	}
	return 0;
}

void audit_close(struct audit_log *log)
{
	struct audit_limit *lim = log->limit;

	if (lim && log->fd >= 0 && lim->over_cap + lim->over_rate) {
		char *detail = xasprintf("%lu audit line(s) dropped: %lu over the cap of %lu bytes "
					 "per run, %lu over the limit of %u lines per second",
					 lim->over_cap + lim->over_rate, lim->over_cap,
					 lim->max_bytes, lim->over_rate, lim->rate);
		struct audit_event ev = {
			.session = lim->session,
			.command = lim->command,
			.capability = "audit",
			.decision = "dropped",
			.source = "policy",
			.detail = detail,
		};

		log->limit = NULL; /* the note itself is never dropped */
		if (audit_record(log, &ev) < 0)
			fprintf(stderr, "fsjail: warning: cannot write the audit log '%s': %s\n",
				log->path ? log->path : "?", strerror(errno));
		free(detail);
	}
	if (lim) {
		pthread_mutex_destroy(&lim->lock);
		free(lim->session);
		free(lim->command);
		free(lim);
	}
	log->limit = NULL;
	if (log->fd >= 0)
		close(log->fd);
	log->fd = -1;
	free(log->path);
	log->path = NULL;
}
