/* refusal-group.c - which kept refusals are one summary line
 * (refusal-group.h). */
#include "refusal-group.h"

#include <string.h>

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

bool refusal_same_line(const struct kept *a, const struct kept *b)
{
	return a->cap == b->cap && same(a->path, b->path) && a->by_policy == b->by_policy &&
	       a->level == b->level && same(a->rule_id, b->rule_id) &&
	       same(a->rule_origin, b->rule_origin) && same(a->reason, b->reason);
}
