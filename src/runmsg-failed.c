/* runmsg-failed.c - the note after a command that failed while fsjail
 * refused something (runmsg-failed.h). */
#include "config.h"

#include <stdio.h>

#include "refusal.h"
#include "runmsg-failed.h"

void runmsg_note_failed(const struct runmsg *m, int status, unsigned fenced, bool traced)
{
	const bool rd = fenced & FSJ_CAPBIT(FSJ_CAP_READ), ex = fenced & FSJ_CAPBIT(FSJ_CAP_EXECUTE);
	const unsigned long n = refusal_count();
	cleanup_free char *last = NULL;

	/* msg32: no refusal seen, no reason to think the sandbox made it fail */
	if (m->quiet || n == 0)
		return;
	last = refusal_last_text();
	fprintf(stderr, "fsjail: note: the command failed (status %d) after fsjail refused %s",
		status, last ? last : "something");
	if (n > 1)
		fprintf(stderr, " (the last of %lu refusals above)", n);
	else
		fprintf(stderr, " (the refusal above)");
	/* msg29: a refused read unseen may hide behind an unrelated refusal */
	if (!traced && (rd || ex))
		fprintf(stderr, "; refused %s not listed (--report FILE, or 'report: reads' in "
				"config.yaml, fsjail.yaml(5), lists them)",
			rd && ex ? "reads and executes are" : rd ? "reads are" : "executes are");
	fputc('\n', stderr);
}
