/* runmsg-planted.c - the records of what the command planted
 * (runmsg-planted.h; the notes after the run: runmsg-planted-notes.c). */
#include <cjson/cJSON.h>
#include <stdio.h>

#include "audit.h"
#include "refusal.h"
#include "runmsg-planted.h"
#include "util.h"

/* Planted records streamed per run (each sink): a command that makes
 * 10^5 repositories must not fill the disk; past it they are counted in
 * "dropped". Apart from the refusals' cap, so that a flood of refusals
 * cannot push them out. */
#define PLANTED_STREAM_MAX 10000u

static unsigned long planted_n, planted_dropped;

void runmsg_planted_reset(void)
{
	planted_n = planted_dropped = 0;
}

unsigned long runmsg_planted_count(void)
{
	return planted_n + planted_dropped;
}

unsigned long runmsg_planted_dropped(void)
{
	return planted_dropped;
}

/* The members of p after those refusal_line_start() gives. */
static void planted_members(cJSON *o, const struct planted *p)
{
	refusal_line_str(o, "kind", p->kind);
	refusal_line_str(o, "change", p->change);
	refusal_line_str(o, "path", p->path);
	refusal_line_str(o, "work_tree", p->work_tree);
	cJSON_AddBoolToObject(o, "new_work_tree", p->new_work_tree);
	refusal_line_str(o, "target", p->target);
	refusal_line_str(o, "tool", p->tool);
	refusal_line_str(o, "runs", p->runs);
}

void runmsg_planted(const struct planted *p)
{
	struct refusal_sinks s;

	if (!p || !refusal_sinks_now(&s))
		return;
	if (planted_n >= PLANTED_STREAM_MAX) {
		planted_dropped++;
		return;
	}
	planted_n++;
	if (s.report_fd >= 0) {
		cJSON *o = refusal_line_start("fsjail-planted/1", NULL, s.session);

		planted_members(o, p);
		(void)refusal_line_write(s.report_fd, o);
	}
	if (s.status_fd >= 0) {
		cJSON *o = refusal_line_start("fsjail-run/1", "planted", s.session);

		planted_members(o, p);
		(void)refusal_line_write(s.status_fd, o);
	}
	if (s.audit) {
		cleanup_free char *detail = xasprintf("%s: %s%s%s", p->kind, p->runs ? p->runs : "?",
						      p->target ? "; points at " : "",
						      p->target ? p->target : "");
		struct audit_event ev = {
			.session = s.session,
			.call = "planted",
			.capability = p->change,
			.path = p->path,
			.resolved = p->path,
			.decision = "planted",
			.source = "fsjail",
			.detail = detail,
		};

		(void)audit_record(s.audit, &ev);
	}
}
