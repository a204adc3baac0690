/* linkto.c - where a symbolic link the run makes may lead (linkto.h). */
#include <string.h>

#include "linkto.h"
#include "path.h"

/* First components of the system trees: a protected rule there guards
 * files the system ships (linkable where they exist), not the user's own
 * (Linux's FHS, and macOS's). */
static const char *const system_tops[] = {
	"bin",	 "boot", "dev", "etc",	"lib",	"lib32",    "lib64",   "libx32",       "opt",
	"proc",	 "run",	 "sbin", "snap", "srv", "sys",	    "usr",     "var",	       "nix",
	"gnu",	 "System", "Library", "Applications", "private", "cores",
};

/* Whether p (absolute) lies in one of the system trees. */
static bool in_system_tree(const char *p)
{
	size_t n = strcspn(p + 1, "/");

	for (size_t i = 0; i < sizeof(system_tops) / sizeof(system_tops[0]); i++)
		if (strlen(system_tops[i]) == n && strncmp(p + 1, system_tops[i], n) == 0)
			return true;
	return false;
}

/* Whether the protected rule r guards the user's files rather than the
 * system's: it lies in the workspace, in a user-data root (/run/media
 * included), or outside every system tree. */
static bool user_side(const struct fsj_policy *pol, const struct fsj_rule *r)
{
	const char *p = r->resolved ? r->resolved : r->path;

	if (!p || p[0] != '/')
		return true; /* fail closed */
	if (pol->workspace && path_covers(pol->workspace, p))
		return true;
	for (size_t i = 0; i < pol->n_user_data_roots; i++)
		if (path_covers(pol->user_data_roots[i], p))
			return true;
	return !in_system_tree(p);
}

/* A rule strictly below target that a host tool could reach through a
 * link to it: one denying read (when the tier enforces reads), or a
 * protected one on the user's side denying write or create. NULL when
 * none. Both spellings of each rule are compared. */
static const struct fsj_rule *rule_below(const struct fsj_policy *pol, const char *target)
{
	unsigned change = FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_CREATE);
	bool reads = (pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) != 0;

	for (size_t i = 0; i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];
		bool below = (r->path && strcmp(r->path, target) != 0 &&
			      path_covers(target, r->path)) ||
			     (r->resolved && strcmp(r->resolved, target) != 0 &&
			      path_covers(target, r->resolved));

		if (below && ((reads && (r->deny & FSJ_CAPBIT(FSJ_CAP_READ))) ||
			      (r->source == FSJ_SRC_PROTECTED && (r->deny & change) &&
			       user_side(pol, r))))
			return r;
	}
	return NULL;
}

const char *linkto_refused(const struct fsj_policy *pol, const char *target, bool exists,
			   struct fsj_decision *d)
{
	enum fsj_cap change = exists ? FSJ_CAP_WRITE : FSJ_CAP_CREATE;
	const struct fsj_rule *r;

	if (pol->enforced & FSJ_CAPBIT(FSJ_CAP_READ)) {
		policy_decide(pol, target, target, FSJ_CAP_READ, d);
		if (!d->allowed)
			return "a symbolic link to a path the run may not read (a host tool "
			       "opening the link would read it)";
	}
	policy_decide(pol, target, target, change, d);
	if (!d->allowed && d->level == FSJ_LEVEL_PROTECTED && d->rule) {
		if (user_side(pol, d->rule))
			return "a symbolic link to a protected path (a host tool writing the link "
			       "would write it)";
		if (!exists)
			return "a symbolic link to an absent path of a protected system tree (a "
			       "host tool writing the link would make it)";
	}
	r = rule_below(pol, target);
	if (!r)
		return NULL;
	d->allowed = false;
	d->level = fsj_source_level(r->source);
	d->rule = r;
	return "a symbolic link to a folder holding a path the run may not read, or a "
	       "protected one (a host tool could reach it through the link)";
}

bool linkto_text_redirectable(const char *text)
{
	bool named = false; /* a name other than "." or ".." came before */

	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (named)
				return true;
		} else if (n > 0 && !(n == 1 && p[0] == '.')) {
			named = true;
		}
		p += n;
		p += strspn(p, "/");
	}
	return false;
}
