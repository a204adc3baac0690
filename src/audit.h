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
	const char *source;      /* rule, baseline, policy, human, auto */
	const char *rule_id;
	const char *detail;      /* free text: an error, the backup file, ... */
};

struct audit_log {
	int fd;       /* -1 when disabled or not open */
	char *path;   /* owned */
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
 * path, resolved, decision, source, rule, detail) with a single write.
 * Safe to call from several threads. Returns 0 (also when disabled), or
 * -1 with errno set (EIO for a short write). */
int audit_record(const struct audit_log *log, const struct audit_event *ev);

void audit_close(struct audit_log *log);

#endif
