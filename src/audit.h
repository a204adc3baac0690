/* audit.h - the audit log: one NDJSON line per decision in
 * $STATE/audit.ndjson (or config audit.path), appended with a single
 * write(2) on an O_APPEND descriptor so that concurrent writers (threads
 * of one fsjail, several fsjail runs) never interleave lines
 * (DESIGN.md section 10). */
#ifndef FSJAIL_AUDIT_H
#define FSJAIL_AUDIT_H

#include <stdbool.h>

#include "config.h"
#include "util.h"

/* Largest audit line, in bytes (64 KiB): two paths of FSJ_PATH_MAX, a
 * command line and the rest; a longer command line is cut with "...". */
#define AUDIT_LINE_MAX (64u * 1024u)

/* One decision. Every field may be NULL (written as JSON null), except
 * decision. resolved NULL with path set: computed with path_resolve(). */
struct audit_event {
	const char *session;
	const char *call;        /* FSJAIL_CALL_ID, "ask", "notify", ... */
	const char *command;     /* the command line */
	const char *capability;  /* read|write|create|delete|execute, or an operation */
	const char *path;
	const char *resolved;
	const char *decision;    /* allow, deny, grant-token, host-op, sandbox, backup, ... */
	const char *source;      /* protected, rule, baseline, policy, human... */
	const char *rule_id;
	const char *detail;      /* free text: an error, the backup file, ... */
};

/* The per-run cap (DESIGN.md section 10): one handle (one run's broker,
 * one run's ModifyBackup) writes at most AUDIT_RUN_MAX_BYTES, and lines
 * at AUDIT_RATE_LINES per second on average with bursts of
 * AUDIT_RATE_BURST; what is over is dropped and counted, and
 * audit_close() writes one line saying how many were dropped and why.
 * Defaults, until config keys carry them (audit.max_run_mb,
 * audit.max_lines_per_second):
 *  - 16 MiB per run: a busy run (a large build under the listener, with a
 *    backup line per changed file) writes a few MiB; a flood of requests
 *    from inside writes tens of MiB per second and must not fill the
 *    user's disk, so a run can never cost more than this;
 *  - 2,000 lines per second, bursts of 20,000: above what the broker and
 *    the listener decide for any real program (each decision is a system
 *    call the program waited on), far below what a loop can send. */
#define AUDIT_RUN_MAX_BYTES (16ul * 1024ul * 1024ul)
#define AUDIT_RATE_LINES 2000u
#define AUDIT_RATE_BURST 20000u

struct audit_limit;

struct audit_log {
	int fd;       /* -1 when disabled or not open */
	char *path;   /* owned */
	struct audit_limit *limit; /* owned; NULL: no cap (a handle not opened by audit_open) */
};

/* The audit log file of ctx: config audit.path, else
 * $STATE/audit.ndjson. Caller frees. */
char *audit_path(const struct fsj_ctx *ctx);

/* Open ctx's audit log for appending (O_WRONLY|O_APPEND|O_CREAT|
 * O_CLOEXEC|O_NOFOLLOW, mode 0600; its folder is created 0700). With audit
 * disabled in the config, log->fd is -1 and 0 is returned. Returns 0, or
 * -1 with err set (the log cannot be opened: callers that must audit
 * refuse to go on). */
int audit_open(struct audit_log *log, const struct fsj_ctx *ctx, struct fsj_error *err);

/* Append ev as one line (fields: time, session, call, command, capability,
 * path, resolved, decision, source, rule, detail) with a single write,
 * unless the handle's cap or rate limit drops it (counted). Safe to call
 * from several threads. Returns 0 (also when disabled or dropped), or -1
 * with errno set (EIO for a short write). */
int audit_record(const struct audit_log *log, const struct audit_event *ev);

/* Write the line about dropped lines, if any (decision "dropped"), close
 * the log and free the handle's fields. */
void audit_close(struct audit_log *log);

#endif
