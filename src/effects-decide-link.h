/* effects-decide-link.h - what check decides of a link the line makes
 * (`ln`, `ln -s`): the run's tests (linkto.h for a symbolic link,
 * notify-refer.h for a hard link), so that check refuses what the run
 * refuses (att34: `ln -s .git/config y` and `ln .git/config y` were
 * allowed by check, refused by the run). */
#ifndef FSJAIL_EFFECTS_DECIDE_LINK_H
#define FSJAIL_EFFECTS_DECIDE_LINK_H

#include <stdbool.h>

#include "effects-decide.h"
#include "effects.h"
#include "policy.h"

/* The decision on e, a resolved create of a link (e->link_kind is not
 * FSJ_LINK_NONE) that pol allows as a create: returns true after setting
 * d (verdict REFUSED with level, rule and why as the run's refusal, or
 * MISSING when the link's text or source is known only at run time: no
 * grant lifts it), false when the run makes the link (d untouched).
 * d->why is a new string. */
bool decide_link(const struct fsj_policy *pol, const struct fsj_effect *e,
		 struct fsj_effect_decision *d);

#endif
