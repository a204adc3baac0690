/* runmsg-stopped.c - the processes the end of the run stopped
 * (runmsg-stopped.h). */
#include <cjson/cJSON.h>
#include <stdio.h>

#include "escape.h"
#include "refusal.h"
#include "runmsg-stopped.h"

/* The count and the names kept, as members of o. */
static void members(cJSON *o, const struct launch_left *l)
{
	cJSON *names = cJSON_AddArrayToObject(o, "commands");

	cJSON_AddNumberToObject(o, "count", (double)l->count);
	for (size_t i = 0; i < l->n_names; i++)
		cJSON_AddItemToArray(names, cJSON_CreateString(l->names[i]));
}

void runmsg_stopped_records(const struct runmsg *m, const struct launch_left *l)
{
	struct strbuf sb = STRBUF_INIT;

	if (l->count <= 0)
		return;
	if (m->status_fd >= 0) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "type", "stopped");
		refusal_line_str(o, "session", m->session);
		members(o, l);
		(void)refusal_status_write(m->status_fd, o);
	}
	if (m->audit.fd >= 0) {
		struct audit_event ev = {
			.session = m->session,
			.call = "run",
			.command = m->command,
			.path = m->workspace,
			.decision = "stopped",
			.source = "fsjail",
		};

		sb_addf(&sb, "%ld process%s still running when the command ended:", l->count,
			l->count == 1 ? "" : "es");
		for (size_t i = 0; i < l->n_names; i++)
			sb_addf(&sb, "%s %s", i ? "," : "", l->names[i]);
		if ((size_t)l->count > l->n_names)
			sb_addf(&sb, " and %ld more", l->count - (long)l->n_names);
		ev.detail = sb.buf;
		(void)audit_record(&m->audit, &ev);
	}
	sb_release(&sb);
}

void runmsg_stopped_note(const struct runmsg *m, const struct launch_left *l)
{
	size_t named = l->n_names < RUNMSG_STOPPED_NAMED ? l->n_names : RUNMSG_STOPPED_NAMED;

	if (m->quiet || l->count <= 0)
		return;
	fprintf(stderr, "fsjail: note: %ld process%s still running when the command ended %s "
			"stopped with the run (", l->count, l->count == 1 ? "" : "es",
		l->count == 1 ? "was" : "were");
	for (size_t i = 0; i < named; i++) {
		fputs(i ? ", " : "", stderr);
		fsj_put_term(stderr, l->names[i]);
	}
	if ((size_t)l->count > named)
		fprintf(stderr, " and %ld more", l->count - (long)named);
	fputs("): a background job ends when the command does; keep the command in the "
	      "foreground (wait for it) to keep it running\n", stderr);
}
