/* policy-walk.h - the policy's rule index and the walk that decides a path
 * from "/" down (policy.h's precedence engine, one component at a time).
 *
 * A decision (policy_decide_caps()) takes, per capability and level, the
 * rule spelled as the deepest of the query and its ancestors (those
 * recursive) that mentions the capability; on a tie at one spelling deny
 * wins, then the first rule added. Walked from "/" down, that is: each
 * spelling's rules replace what its ancestors gave. So a caller that
 * decides every node of a tree of paths (the Landlock compiler's trie)
 * keeps the walk of a folder for its children instead of walking every
 * query's ancestors again: one index probe a node, not one a component. */
#ifndef FSJAIL_POLICY_WALK_H
#define FSJAIL_POLICY_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"

/* The rule index (struct fsj_policy's index): spellings to rule indices.
 * policy_index_put() adds rule number rule under key (not copied: the
 * rule's own string); policy_index_new() makes an empty one (the caller
 * frees it with policy_index_free(), NULL is fine). */
struct policy_index;
struct policy_index *policy_index_new(void);
void policy_index_put(struct policy_index *ix, const char *key, size_t rule);
void policy_index_free(struct policy_index *ix);

/* What a walk has decided so far: per capability and level the rule in
 * force and its verdict, and the spelling walked (its length and hash). */
struct policy_walk {
	const struct fsj_rule *best[FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT];
	unsigned char verdict[FSJ_CAP_COUNT][FSJ_LEVEL_DEFAULT];
	size_t len, hash;
};

/* The walk before any spelling (nothing decided; len 0). */
void policy_walk_start(struct policy_walk *w);

/* One step of a walk of pol: up is the walk of a prefix of q, and q the
 * next spelling (its first len bytes; q[0, up->len) is up's). Fills *rec
 * with up and the recursive rules spelled q (the walk to hand to q's
 * children), and *all, when not NULL, with up and every rule spelled q
 * (the walk that decides q itself). Only the capabilities in caps are
 * changed. rec may be up itself; all may not. */
void policy_walk_step(const struct fsj_policy *pol, const struct policy_walk *up, const char *q,
		      size_t len, unsigned caps, struct policy_walk *rec, struct policy_walk *all);

/* The decisions of a walk that ended at the query (the *all of its last
 * step): out[c] for each c in caps, as policy_decide_caps() fills them for
 * a query whose spellings are one; the other entries untouched. */
void policy_walk_decisions(const struct policy_walk *w, unsigned caps,
			   struct fsj_decision out[FSJ_CAP_COUNT]);

/* Whether a walk decides pol's queries as policy_decide_caps() does: not
 * for a policy built for macOS (its /private aliases and move rule). */
bool policy_walk_exact(const struct fsj_policy *pol);

#endif
