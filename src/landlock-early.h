/* landlock-early.h - the Landlock rules the supervisor adds for
 * fsjail-init, while C and fsjail-init make the run's namespaces (issue 12;
 * landlock-early.c says which rules and why the ruleset stays the same).
 *
 *   supervisor S: ll_early_stage() before the fork (the empty ruleset, a
 *     pipe), ll_early_parent() after it (S's rules added, one byte said);
 *   C and fsjail-init I: ll_early_child() first, ll_early_keep() through
 *     I's descriptor sweep; ll_apply() (landlock.c) adds the other rules
 *     to the same ruleset, waits for S's byte (ll_early_wait()) and
 *     restricts itself with it.
 * When S says nothing, or fails at any rule, I adds every rule itself, as
 * without this file. One run at a time per process; not thread-safe. */
#ifndef FSJAIL_LANDLOCK_EARLY_H
#define FSJAIL_LANDLOCK_EARLY_H

#include <stdbool.h>

#include "landlock.h"
#include "util.h"

/* In S before the fork: plan's ruleset (the attributes ll_apply() would
 * give it) and the pipe of S's word, all close-on-exec. plan NULL (not
 * the Landlock backend), ABI < 1 or any failure: nothing is made, and the
 * child does everything. */
void ll_early_stage(const struct ll_plan *plan);

/* In S after the fork: add the rules ll_early_rule() takes, say 'y' when
 * all went in, 'n' at the first that did not, and close S's copies of the
 * ruleset and the pipe. Nothing when ll_early_stage() made nothing; also
 * the clean-up when the fork failed (plan NULL: nothing added). */
void ll_early_parent(const struct ll_plan *plan);

/* In the child (C, before anything else): close the pipe's write end, so
 * that S's end alone can say anything (EOF when S is gone). */
void ll_early_child(void);

/* The descriptor i (0 or 1) I keeps through its sweep (launch-sweep.c),
 * or -1. */
int ll_early_keep(int i);

/* In the child, ll_apply(): the ruleset S made (ownership passes to the
 * caller, who closes it), or -1: then the caller makes its own. */
int ll_early_take(void);

/* true when the supervisor adds rule r of plan: no mount the run makes
 * (launch-ns.c's /proc, mask.c, devshm.c, devpts.c, toolcache-mount.c)
 * lies at r's path or above it. */
bool ll_early_rule(const struct ll_plan *plan, const struct ll_rule *r);

/* In the child, just before landlock_restrict_self(): wait for S's word;
 * true when S added every rule ll_early_rule() takes. Closes the pipe. */
bool ll_early_wait(void);

/* plan's empty ruleset (the attributes its ABI takes): the descriptor, or
 * -1 with errno set. */
int ll_ruleset_make(const struct ll_plan *plan);

/* Add the path rule r of plan to ruleset (opened without symlinks, its
 * type checked against the plan; a path gone since compile is skipped).
 * Returns 0, or -1 with err set. Used by ll_apply() and by S. */
int ll_add_path_rule(const struct ll_plan *plan, int ruleset, const struct ll_rule *r,
		     struct fsj_error *err);

#endif
