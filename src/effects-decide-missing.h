/* effects-decide-missing.h - the grants a check's prompt offers (the
 * missing list of struct fsj_check, effects-decide.h), for effects_decide(). */
#ifndef FSJAIL_EFFECTS_DECIDE_MISSING_H
#define FSJAIL_EFFECTS_DECIDE_MISSING_H

#include <stddef.h>

#include "effects-decide.h"

/* Add (path, cap) to c->missing (a copy of path; *cap_ is the array's
 * capacity, grown with xreallocarray: aborts on no memory). Nothing is
 * added for an unresolved effect e anchored at "/": its name is not known
 * (`$X/a`, `$(...)`), so it asks with no grant to offer (a grant on / would
 * open everything). */
void decide_missing_add(struct fsj_check *c, size_t *cap_, const struct fsj_effect *e,
			const char *path, enum fsj_cap cap);
/* Sort c->missing deepest path first (the narrowest grant), then by path
 * and capability, and drop duplicates (freeing their paths). */
void decide_missing_sort(struct fsj_check *c);

#endif
