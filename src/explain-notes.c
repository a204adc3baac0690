/* explain-notes.c - the notes under one path of `fsjail explain`
 * (explain-notes.h). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "autorun-inforce.h"
#include "explain-absent.h"
#include "explain-delete.h"
#include "explain-notes.h"
#include "explain-toolcache.h"
#include "policy-secret.h"
#include "repoexplain.h"
#include "util.h"

void explain_notes_print(const struct explain_why *why, const struct fsj_ctx *ctx,
			 const struct fsj_policy *pol, bool listener, struct ll_plan *plan,
			 bool *have_plan, const char *norm, const char *resolved)
{
	struct stat st;
	cleanup_free char *note = listener ? repoexplain_note(ctx->workspace, resolved) : NULL;
	bool exists = lstat(resolved, &st) == 0;
	cleanup_free char *absent =
		!exists ? explain_absent_note(pol, ctx, plan, have_plan, resolved) : NULL;
	cleanup_free char *secret = policy_secret_note(pol, norm, resolved);
	/* toolcache.h: the grant lands on the run's own copy */
	const char *priv = explain_toolcache_private(norm, resolved, exists && S_ISREG(st.st_mode));
	cleanup_free char *first_use = explain_toolcache_absent(norm);
	cleanup_free char *autorun = autorun_off_note(ctx, norm, resolved);
	cleanup_free char *nodel = explain_delete_note(pol, norm, resolved);
	const char *notes[] = { why->first, why->kept, note,    absent, secret,
				priv,       first_use, autorun, nodel };

	explain_why_print(stdout, notes, sizeof(notes) / sizeof(notes[0]), 2);
}
