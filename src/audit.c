/* audit.c - the NDJSON audit log (DESIGN.md section 10). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "json-out.h"
#include "audit.h"
#include "audit-limit.h"
#include "path.h"

char *audit_path(const struct fsj_ctx *ctx)
{
	if (ctx->config.audit_path)
		return xstrdup(ctx->config.audit_path);
	return path_join(ctx->env.state_dir, "audit.ndjson");
}

int audit_open(struct audit_log *log, const struct fsj_ctx *ctx, struct fsj_error *err)
{
	cleanup_free char *dir = NULL;
	struct stat st;

	log->fd = -1;
	log->path = audit_path(ctx);
	if (!ctx->config.audit_enabled)
		return 0;
	dir = path_dirname(log->path);
	if (mkdir_p(dir, 0700) < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot create the audit folder '%s': %s", dir,
				     strerror(errno));
	/* O_NONBLOCK: a FIFO in its place fails (ENXIO) instead of blocking
	 * the run until a reader comes (issue 19); then only a regular file */
	log->fd = open(log->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
		       0600);
	if (log->fd >= 0 && (fstat(log->fd, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(log->fd);
		log->fd = -1;
		errno = ENXIO;
	}
	if (log->fd < 0)
		return fsj_error_set(err, NULL, 0, 0, "cannot open the audit log '%s': %s",
				     log->path, errno == ENXIO ? "not a regular file" : strerror(errno));
	log->limit = audit_limit_new();
	return 0;
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
	fsj_json_utf8(o);
	line = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!line) {
		errno = ENOMEM;
		return -1;
	}
	n = strlen(line);
	if (log->limit && !audit_limit_admit(log->limit, n + 1, ev)) {
		cJSON_free(line);
		return 0;
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

	log->limit = NULL; /* the note itself is never dropped */
	audit_limit_note(lim, log);
	audit_limit_free(lim);
	if (log->fd >= 0)
		close(log->fd);
	log->fd = -1;
	free(log->path);
	log->path = NULL;
}
