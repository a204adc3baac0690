/* refusal-audit.h - a refusal's line in the audit log (DESIGN.md section
 * 10, "Kernel refusals are decisions too"), read back by fsjail log. */
#ifndef FSJAIL_REFUSAL_AUDIT_H
#define FSJAIL_REFUSAL_AUDIT_H

#include "audit.h"
#include "refusal-kept.h"

/* Append k (borrowed) to log as one line of session (either may be NULL:
 * nothing, or no session) with call "refusal", decision "deny", the source
 * (rule, baseline, policy) and as detail "REASON; SYSCALL; ERRNO[; ORIGIN]
 * [; why: NOTE]": the rule's file and line and the deciding entry's note,
 * as the run's refusal summary says them. A line the log cannot take is
 * dropped (audit_record()); nothing is returned. */
void refusal_audit(const struct audit_log *log, const char *session, const struct kept *k);

#endif
