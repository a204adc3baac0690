/* inforce-absent.h - a grant beneath a folder that cannot be made
 * (issue 12 item 6: what fsjail says is what the kernel does). */
#ifndef FSJAIL_INFORCE_ABSENT_H
#define FSJAIL_INFORCE_ABSENT_H

#include "policy.h"

/* Why what the listener carries (create, write, delete: fsj_listener_carries())
 * cannot reach norm (a normalised absolute path) under pol, as a new string
 * (caller frees), or NULL: norm is absent and so is its folder, and a
 * folder between norm and its nearest existing ancestor is one pol does
 * not let be created, so nothing can come into being at norm (mkdir -p
 * fails there; user31). NULL when norm or its folder exists, or off Linux. */
char *fsj_absent_unmakeable(const struct fsj_policy *pol, const char *norm);

#endif
