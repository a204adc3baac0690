/* landlock-dump.h - the Landlock plan (landlock.h) as text, for
 * `fsjail compile --backend landlock` and `fsjail status`. */
#ifndef FSJAIL_LANDLOCK_DUMP_H
#define FSJAIL_LANDLOCK_DUMP_H

#include <stdio.h>

#include "landlock.h"

/* "readonly", "hide" or "pin". Static string. */
const char *ll_mask_kind_name(enum ll_mask_kind k);

/* Print a readable dump of plan (one rule per line, access rights by name)
 * for `fsjail compile --backend landlock`. */
void ll_plan_dump(const struct ll_plan *plan, FILE *out);

#endif
