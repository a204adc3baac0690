/* inforce-mask.h - a write grant that a mount mask takes away (issue 12
 * item 6: what fsjail says is what the kernel does). */
#ifndef FSJAIL_INFORCE_MASK_H
#define FSJAIL_INFORCE_MASK_H

#include "policy.h"

/* The note `explain` gives a write that pol allows on an existing
 * non-directory whose read pol denies at the explicit or protected level:
 * on Linux with mount masks the compiler hides such a path with an empty
 * read-only file (landlock-plan.c mask_candidate()), which refuses writing
 * it too (EROFS). norm and resolved: the path as asked and resolved
 * (resolved may be NULL). Returns a new string (caller frees), or NULL
 * when no mask takes the grant away. */
char *fsj_write_under_mask(const struct fsj_policy *pol, const char *norm, const char *resolved);

/* The note `explain` gives a create that pol allows on a path that does
 * not exist and whose read pol denies at the explicit or protected level
 * (fsj_readhide_refuses_create(), readhide.h): on Linux with mount masks
 * and the seccomp listener, the listener refuses making it. norm and
 * resolved as above. A new string (caller frees), or NULL. */
char *fsj_create_kept_absent(const struct fsj_policy *pol, const char *norm, const char *resolved);

/* What Landlock takes away from cap, which pol allows at norm (resolved):
 * execute without read (fsj_exec_without_read(), inforce.h), or write
 * under a mask, or create of a path kept absent (above). A new string,
 * or NULL. */
char *fsj_allowed_not_in_force(const struct fsj_policy *pol, const char *norm,
			       const char *resolved, enum fsj_cap cap);

#endif
