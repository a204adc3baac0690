/* landlock-dump.h - the Landlock plan (landlock.h) as text, for
 * `fsjail compile --backend landlock`, `fsjail status` and `fsjail explain`. */
#ifndef FSJAIL_LANDLOCK_DUMP_H
#define FSJAIL_LANDLOCK_DUMP_H

#include <stdio.h>

#include "landlock.h"

/* For a denied path left to the listener (plan->by_listener): the
 * highest of its folders missing now, the guarded name below its nearest
 * existing ancestor (landlock-plan.c "The listener"), as a new string;
 * NULL when its own folder exists. Reads the filesystem (lstat). */
char *ll_guarded_name(const char *path);

/* "readonly", "hide" or "pin". Static string. */
const char *ll_mask_kind_name(enum ll_mask_kind k);

/* Print a readable dump of plan (one rule per line, access rights by name)
 * for `fsjail compile --backend landlock`. */
void ll_plan_dump(const struct ll_plan *plan, FILE *out);

#endif
