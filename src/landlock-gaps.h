/* landlock-gaps.h - where a compiled Landlock plan (landlock.h) falls
 * short of the policy: the folders it expanded, whose new entries are
 * unreachable, and what the kernel cannot enforce at the plan's ABI, per
 * capability (landlock-gaps.c). landlock.h includes this header, so its
 * users see the same names. */
#ifndef FSJAIL_LANDLOCK_GAPS_H
#define FSJAIL_LANDLOCK_GAPS_H

#include <stddef.h>

#include "policy.h"
#include "util.h"

struct ll_plan;

/* The folders plan expanded, each with why (the deny beneath that no mask
 * or listener carries, its rule, what was missing): *folders and *why are
 * borrowed arrays of the returned count, valid until ll_plan_release(). */
size_t ll_plan_expansions(const struct ll_plan *plan, const char *const **folders,
			  const char *const **why);

/* What plan cannot enforce at its ABI: a gap that weakens the policy
 * (truncate before ABI 3, network deny before ABI 4) is a line appended to
 * refuse; one that only restricts more or is only reported (EXDEV at ABI
 * 1, ioctls before 5, scoping before 6) goes to notes (may be NULL).
 * Returns the lines added to refuse (run refuses when > 0 unless partial
 * enforcement was accepted). */
int ll_plan_gaps(const struct ll_plan *plan, struct strbuf *refuse, struct strbuf *notes);

/* How far a plan makes the kernel enforce one capability. */
enum ll_cap_level {
	LL_CAP_NOT = 0, /* not handled: the tier leaves it open */
	LL_CAP_PARTLY,  /* handled, but some of its access rights are missing at this ABI */
	LL_CAP_FULLY,   /* every access right of the capability is handled */
};
struct ll_cap_report {
	enum ll_cap_level level;
	char reason[256]; /* why not fully ("" when fully) */
	char note[256];   /* a restriction beyond the policy (EXDEV at ABI 1), or "" */
};

/* For each capability (indexed by enum fsj_cap), whether plan's handled
 * rights enforce it fully, partly or not, with the reason (the gaps of
 * ll_plan_gaps()). Fills out[0 .. FSJ_CAP_COUNT-1]; never fails. */
void ll_plan_caps(const struct ll_plan *plan, struct ll_cap_report out[FSJ_CAP_COUNT]);

#endif
