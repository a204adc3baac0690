/* runmsg-failed.c - the note after a command that failed while fsjail
 * refused something (runmsg-failed.h). */
#include <stdio.h>

#include "refusal.h"
#include "runmsg-failed.h"

void runmsg_note_failed(const struct runmsg *m, int status, unsigned fenced, bool traced)
{
	const bool rd = fenced & FSJ_CAPBIT(FSJ_CAP_READ), ex = fenced & FSJ_CAPBIT(FSJ_CAP_EXECUTE);
	const unsigned long n = refusal_count();
	cleanup_free char *last = NULL;

	/* msg32: nothing seen refused and status 1, the "no" of grep, test,
	 * diff: no reason to think the sandbox made it fail; any other status
	 * may hide a refused read (npm, git, a tool's 2), unseen untraced */
	if (m->quiet || (n == 0 && (status == 1 || traced || !(rd || ex))))
		return;
	last = n ? refusal_last_text() : NULL;
	if (n == 0)
		fprintf(stderr, "fsjail: note: the command failed (status %d) and fsjail saw "
				"nothing refused",
			status);
	else
		fprintf(stderr, "fsjail: note: the command failed (status %d) after fsjail refused %s%s",
			status, last ? last : "something",
			n > 1 ? "" : " (the refusal above)");
	if (n > 1)
		fprintf(stderr, " (the last of %lu refusals above)", n);
	/* msg29: a refused read unseen may hide behind an unrelated refusal */
	if (!traced && (rd || ex))
		fprintf(stderr, "; refused %s not listed (--report FILE, or 'report: reads' in "
				"config.yaml, fsjail.yaml(5), lists them)",
			rd && ex ? "reads and executes are" : rd ? "reads are" : "executes are");
	fputc('\n', stderr);
}
