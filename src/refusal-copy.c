/* refusal-copy.c - one refusal as refusal.c keeps it (refusal-kept.h):
 * copied in, freed (refusal-copy.h). */
#include <stdlib.h>
#include <string.h>

#include "refusal-copy.h"
#include "util.h"

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void refusal_copy_fill(struct kept *k, const struct refusal *r)
{
	k->cap = r->cap;
	k->pid = r->pid;
	k->error = r->error;
	k->path = dup_or_null(r->path);
	k->reason = dup_or_null(r->reason);
	k->comm = dup_or_null(r->comm);
	k->exe = dup_or_null(r->exe);
	k->syscall = dup_or_null(r->syscall);
	k->no_hint = r->no_hint;
	k->audited = r->audited;
	if (r->decision) {
		k->by_policy = true;
		k->level = r->decision->level;
		if (r->decision->rule) {
			k->rule_id = dup_or_null(r->decision->rule->id);
			k->rule_origin = dup_or_null(r->decision->rule->origin);
			k->rule_note = dup_or_null(r->decision->rule->note);
		}
	}
}

void refusal_copy_release(struct kept *k)
{
	free(k->path);
	free(k->reason);
	free(k->comm);
	free(k->exe);
	free(k->syscall);
	free(k->rule_id);
	free(k->rule_origin);
	free(k->rule_note);
}

bool refusal_copy_made_dir(const struct kept *k)
{
	return k->syscall && strncmp(k->syscall, "mkdir", 5) == 0;
}
