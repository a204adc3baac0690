/* ctx-protected.h - whether a workspace nobody named lies in a protected
 * tree of the baseline (ctx.c refuses it then; DESIGN.md section 3). */
#ifndef FSJAIL_CTX_PROTECTED_H
#define FSJAIL_CTX_PROTECTED_H

#include "config.h"

/* The protected rule of the baseline file baseline (read for vars at the
 * full tier, through the compiled-policy cache) that refuses writes at
 * path, written spelling, or resolved, its resolved one (both absolute and
 * normalised; resolved may be NULL), decided by the policy engine so that
 * protected exceptions (/usr/local) count. *path_out: that rule's path as
 * written (caller frees), or NULL when path is not protected. Only the
 * protected rules at or above path or resolved in either of their own
 * spellings are put in the policy asked: the others cannot decide there
 * (policy_decide() looks at the query's spelling and its ancestors only).
 * Returns 0, or -1 with err set when the baseline cannot be read. */
int ctx_protected_tree(const char *baseline, const struct fsj_vars *vars, const char *path,
		       const char *resolved, char **path_out, struct fsj_error *err);

#endif
