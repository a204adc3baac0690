/* status-protected.h - the protected paths of `fsjail status`'s JSON
 * report (schema fsjail-status/1, man/fsjail.1). */
#ifndef FSJAIL_STATUS_PROTECTED_H
#define FSJAIL_STATUS_PROTECTED_H

#include <cjson/cJSON.h>

#include "policy.h"

/* Add "protected" to root: each protected rule of pol (may be NULL:
 * none) with its path, recursive, deny, pass and why, a rule that another
 * one at the same path says all of listed once; and to b, status's
 * "baseline" object, "entries" and "protected": how many baseline and
 * protected rules pol has (each protected rule counted). */
void status_protected_json(cJSON *root, cJSON *b, const struct fsj_policy *pol);

#endif
