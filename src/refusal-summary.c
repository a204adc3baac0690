/* refusal-summary.c - parts of the refusal summary (refusal-summary.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "refusal-copy.h"
#include "refusal-hint-advice.h"
#include "refusal-hint.h"
#include "refusal-summary.h"
#include "util.h"

const char *refusal_summary_verb(const struct kept *k)
{
	const char *s = k->syscall;

	if (k->by_policy || k->error != EXDEV || !s)
		return NULL;
	if (strcmp(s, "link") == 0 || strcmp(s, "linkat") == 0)
		return "link";
	if (strcmp(s, "rename") == 0 || strcmp(s, "renameat") == 0 || strcmp(s, "renameat2") == 0)
		return "rename";
	return NULL;
}

void refusal_summary_newname_note(FILE *out, const struct kept *k)
{
	const char *verb = refusal_summary_verb(k);

	if (!verb)
		return;
	fprintf(out, "    the %s got EXDEV, as across file systems: tools fall back to copying "
		     "the file (git clone, cp, mv), so it is harmless where the command went on\n",
		verb);
}

void refusal_summary_hint(FILE *out, const struct kept *kept, const size_t *first, size_t n,
			  const char *home, const struct fsj_policy *pol)
{
	struct refusal_hint_item *items = xcalloc(n ? n : 1, sizeof(*items));
	size_t m = 0;

	for (size_t g = 0; g < n; g++) {
		const struct kept *k = &kept[first[g]];

		if (k->path &&
		    (!refusal_hint_why_not(k->by_policy, k->level, k->rule_id, k->no_hint) ||
		     (k->by_policy && refusal_hint_absent_cache(k->path))))
			items[m++] = (struct refusal_hint_item){ .cap = k->cap, .path = k->path,
								 .dir = refusal_copy_made_dir(k),
								 .comm = k->comm };
	}
	refusal_hint_print(out, items, m, home, pol);
	free(items);
}
