/* status-dev.h - the run's own /dev/shm and /dev/pts in `fsjail status`
 * (status-dev.c). */
#ifndef FSJAIL_STATUS_DEV_H
#define FSJAIL_STATUS_DEV_H

#include <cjson/cJSON.h>

#include "config.h"
#include "landlock.h"

/* Add "dev_shm" ("private" or "refused") and "dev_pts" ("private",
 * "own_terminal" or "refused") to root: what the compiled plan (may be
 * NULL: "refused") gives a run there, not what could be. Linux only. */
void status_dev(cJSON *root, const struct ll_plan *plan);

/* Print root's "dev_shm" and "dev_pts" (each where present) as lines of
 * `fsjail status`'s text on stdout. */
void status_dev_print(const cJSON *root);

#endif
