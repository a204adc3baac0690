/* audit-limit.h - the audit log's per-run cap and rate limit
 * (DESIGN.md section 10; the defaults and their reasons in audit.h). */
#ifndef FSJAIL_AUDIT_LIMIT_H
#define FSJAIL_AUDIT_LIMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"

/* A new limiter with audit.h's defaults; free with audit_limit_free(). */
struct audit_limit *audit_limit_new(void);

/* May a line of n bytes (newline included) for ev be written now? false
 * counts it as dropped (over the cap, or over the rate). Thread-safe. */
bool audit_limit_admit(struct audit_limit *lim, size_t n, const struct audit_event *ev);

/* When lim dropped lines, write the one line saying how many (decision
 * "dropped") to log, which must not be limited by lim any more. */
void audit_limit_note(const struct audit_limit *lim, const struct audit_log *log);

void audit_limit_free(struct audit_limit *lim);

#endif
