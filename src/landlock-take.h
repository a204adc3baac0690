/* landlock-take.h - the lists of a compiled Landlock plan that ll_compile()
 * (landlock-plan.c) hands over sorted: the expanded folders with their
 * reasons, the files granted delete that Landlock cannot let go, and the
 * absent denied paths a grant relies on the seccomp listener for. */
#ifndef FSJAIL_LANDLOCK_TAKE_H
#define FSJAIL_LANDLOCK_TAKE_H

#include "landlock-int.h"

/* Move cx's expanded folders (one entry per folder, its distinct reasons
 * joined by "; ") and undeletable files into plan, and collect the nodes
 * of cx's trie marked listener_used into plan->by_listener: each list
 * sorted by path, without repeats, owned by plan (ll_plan_release()). cx's
 * lists are left empty. */
void ll_take_lists(struct compiler *cx, struct ll_plan *plan);

#endif
