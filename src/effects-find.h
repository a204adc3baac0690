/* effects-find.h - the names beneath a start folder that find(1) deletes
 * (-delete) or hands to a command (-exec CMD {}), for the decision:
 * whether one may be a path the policy refuses (chk38). */
#ifndef FSJAIL_EFFECTS_FIND_H
#define FSJAIL_EFFECTS_FIND_H

#include <stdbool.h>
#include <stddef.h>

#include "effects.h"
#include "policy.h"

struct an;
struct cmd;
struct word;

/* The -name patterns among the tests argv[from..to) of a find command
 * (those before its action), '\n' between them, for fsj_effect.pattern
 * of an effect with pattern_deep set; "*" when there is none. *any is set
 * when the tests may select other names (-o, !, -path, -regex, -iname, a
 * run-time word): then every name beneath counts. Returns a malloc'd
 * string the caller frees; never NULL (xmalloc aborts on out of memory). */
char *effects_find_names(struct word *const *argv, size_t from, size_t to, bool *any);

/* The rule of pol that refuses cap on a name find may act on for the
 * unresolved effect e (pattern_deep: e->pattern holds -name patterns
 * matched against the last component of every path at or beneath
 * e->path): a protected rule, or an explicit one denying cap, at or
 * beneath e->path whose own name matches, or (a recursive rule) with an
 * entry beneath it on disk now that matches (looked at up to a cap;
 * past it, any may). Every such rule when e->pattern_any. NULL when none
 * may. Borrowed from pol. Reads folders; errors count as "nothing
 * there". */
const struct fsj_rule *effects_find_reaches(const struct fsj_policy *pol,
					    const struct fsj_effect *e, enum fsj_cap cap);

/* The capabilities a command run by find -exec (prog: its first word)
 * uses on the names it is given: delete for rm, rmdir and unlink; read for
 * programs that only read or print them; else read, write, create and
 * delete (FSJ_CAPBIT mask). */
unsigned effects_find_exec_caps(const struct word *prog);

/* Add c's unresolved effects, one per capability of caps, on the names
 * beneath the folder start (absolute) that the -name patterns pats (from
 * effects_find_names(); borrowed) select, at the span [from, to) of the
 * line. Nothing to free; effects_add() copies. */
void effects_find_emit(struct an *a, const struct cmd *c, const char *start, unsigned caps,
		       const char *pats, bool any, uint32_t from, uint32_t to);

#endif
