/* status-expanded.h - `fsjail status`'s expanded folders (landlock-plan.c:
 * a nested deny neither a mount mask nor the listener's names carry). */
#ifndef FSJAIL_STATUS_EXPANDED_H
#define FSJAIL_STATUS_EXPANDED_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "landlock.h"

/* Add "expanded" to root: each folder plan (may be NULL) compiled by
 * expansion, with the deny that made it ("why", or null), what becomes of
 * a new entry there under config c ("note", expanded_new_entries()) and
 * "new_entries": "listener" when the run's listener carries every right
 * the folder was expanded for, else "unreachable" (the folder holds no
 * Landlock rule for them). status_expanded_print() prints that array
 * (may be NULL) to out. */
void status_expanded_json(cJSON *root, const struct ll_plan *plan, const struct fsj_config *c);
void status_expanded_print(FILE *out, const cJSON *a);

#endif
