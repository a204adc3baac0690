/* refusal-audit.c - a refusal's line in the audit log (refusal-audit.h). */
#include "refusal-audit.h"
#include "audit-source.h"
#include "refusal-errno.h"
#include "util.h"

void refusal_audit(const struct audit_log *log, const char *session, const struct kept *k)
{
	char ebuf[16];
	cleanup_free char *detail = NULL;
	struct audit_event ev = {
		.session = session,
		.call = "refusal",
		.command = k->comm,
		.capability = fsj_cap_name(k->cap),
		.path = k->path,
		.resolved = k->path,
		.decision = "deny",
		.source = k->by_policy ? audit_level_source(k->level) : "policy",
		.rule_id = k->rule_id,
	};

	if (!log)
		return;
	/* the note is the summary's "why:" line (refusal-why.h) */
	detail = xasprintf("%s; %s; %s%s%s%s%s", k->reason ? k->reason : "policy",
			   k->syscall ? k->syscall : "?", refusal_errno_name(k->error, ebuf),
			   k->rule_origin ? "; " : "", k->rule_origin ? k->rule_origin : "",
			   k->rule_note ? "; why: " : "", k->rule_note ? k->rule_note : "");
	ev.detail = detail;
	(void)audit_record(log, &ev);
}
