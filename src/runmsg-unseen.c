/* runmsg-unseen.c - refusals Landlock makes unseen that fsjail names
 * itself (runmsg-unseen.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bash-argv.h"
#include "escape.h"
#include "inforce.h"
#include "path.h"
#include "refusal-why.h"
#include "refusal.h"
#include "runmsg-unseen.h"
#include "util.h"

void runmsg_exec_refused(const struct fsj_policy *pol, const char *found)
{
	cleanup_free char *cwd = getcwd(NULL, 0), *abs = NULL, *res = NULL;
	struct fsj_decision d;
	struct refusal r;
	enum fsj_cap cap = FSJ_CAP_EXECUTE;

	if (!cwd || path_normalize(found, strlen(found), NULL, cwd, &abs) != PATH_OK)
		return;
	res = path_resolve(abs);
	policy_decide(pol, abs, res, FSJ_CAP_EXECUTE, &d);
	if (d.allowed) {
		/* execute granted, read not: Landlock refuses it all the same
		 * (inforce.h); read is what is missing */
		cleanup_free char *off = fsj_exec_without_read(pol, abs, res);

		if (!off)
			return; /* not the policy: a mode, a noexec mount */
		cap = FSJ_CAP_READ;
		policy_decide(pol, abs, res, cap, &d);
	}
	memset(&r, 0, sizeof(r));
	r.cap = cap;
	r.path = res;
	r.reason = "policy";
	r.comm = "fsjail";
	r.syscall = "execve";
	r.error = EACCES;
	r.decision = &d;
	refusal_record(&r);
}

void runmsg_bashrc_unread(const struct fsj_policy *pol, const char *home, char *const *argv,
			  bool quiet)
{
	struct strbuf q = STRBUF_INIT;
	struct fsj_decision d;
	struct stat st;

	if (quiet || !home || !pol || !(pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) ||
	    !bash_argv_reads_bashrc(argv))
		return;
	cleanup_free char *rc = path_join(home, ".bashrc");
	cleanup_free char *res = path_resolve(rc);

	if (lstat(rc, &st) < 0)
		return;
	policy_decide(pol, rc, res, FSJ_CAP_READ, &d);
	if (d.allowed)
		return;
	cleanup_free char *shown = refusal_printable(rc);
	cleanup_free char *by = refusal_decider(true, d.level, d.rule ? d.rule->id : NULL,
						d.rule ? d.rule->origin : NULL, NULL);
	cleanup_free char *why = d.rule && d.rule->note ? refusal_printable(d.rule->note) : NULL;

	fsj_quote_shell_term_sb(&q, rc);
	fprintf(stderr,
		"fsjail: note: bash will not read %s (read refused: %s%s%s), so your "
		"aliases and prompt are not set: bash --rcfile FILE -i reads settings from "
		"a FILE in the workspace, or fsjail run --grant read:%s ... lets it read "
		"yours (what it sources needs the same)\n",
		shown, by, why ? "; why: " : "", why ? why : "", q.buf);
	sb_release(&q);
}
