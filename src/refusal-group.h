/* refusal-group.h - which kept refusals the run's summary (refusal.c)
 * counts as one line. Internal to the refusal files. */
#ifndef FSJAIL_REFUSAL_GROUP_H
#define FSJAIL_REFUSAL_GROUP_H

#include <stdbool.h>

#include "refusal-kept.h"

/* Whether a and b make one summary line: the same capability, path (both
 * NULL counts as the same) and decider (by_policy, level, rule id and
 * origin, reason: what refusal_decider() prints), so that the line's
 * reason and "(N times)" are true of every refusal it counts (att26: a
 * device node and a RENAME_WHITEOUT, both without a path, were one line
 * that named the whiteout twice). */
bool refusal_same_line(const struct kept *a, const struct kept *b);

#endif
