/* status-expanded.h - `fsjail status`'s expanded folders (landlock-plan.c:
 * a nested deny neither a mount mask nor the listener's names carry). */
#ifndef FSJAIL_STATUS_EXPANDED_H
#define FSJAIL_STATUS_EXPANDED_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "landlock.h"

/* Add "expanded" to root: each folder plan (may be NULL) compiled by
 * expansion, with the deny that made it ("why", or null) and what becomes
 * of a new entry there ("new_entries"): "listener" when listener says the
 * run has the seccomp listener, which makes every new entry itself and
 * refuses only the denied names (notify-filter.c traps every call that
 * makes a name); else "unreachable" (the folder holds no Landlock rule).
 * status_expanded_print() prints that array (may be NULL) to out. */
void status_expanded_json(cJSON *root, const struct ll_plan *plan, bool listener);
void status_expanded_print(FILE *out, const cJSON *a);

#endif
