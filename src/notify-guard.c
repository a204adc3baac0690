/* notify-guard.c - guarded names: what the listener refuses so that a
 * denied or protected path that does not exist yet stays absent without
 * costing its folders anything (issue 12 items 2, 3 and 6; landlock-plan.c
 * "The listener"; notify.h THE GUARANTEE).
 *
 * A denied path D that does not exist is kept absent by name: every call
 * that makes a name is performed here after policy_decide() allowed
 * create on it (notify-ops.c). Its missing folders (~/.cargo while
 * ~/.cargo/bin is denied) are guarded names: the command may make one
 * (mkdir: an empty folder, whose entries are then decided by name, so
 * D's own create is refused there), and a file, fifo or socket there holds
 * nothing below it. What could make D appear with no call naming it is a
 * populated folder, or a symbolic link that redirects the names below it,
 * arriving at D or above it. So:
 *  - rename and renameat2 of a folder or a symbolic link onto a name with
 *    a rule below it that denies create, or a protected one: refused. For
 *    RENAME_EXCHANGE both objects arrive, each at the other's name, so
 *    both names are checked (an existing empty folder the run made at a
 *    guarded name, exchanged with a populated one, is refused too);
 *  - rename of such an object away from a name with a rule below it that
 *    denies delete, or a protected one: refused (the rule is a path; the
 *    folder would leave it), but a .git pointer (nj_gitfile_carried());
 *  - symlink(2) at such a name, and link(2) of a symbolic link to it:
 *    refused (a hard link of a folder does not exist).
 * "Below" compares whole components on both spellings of each rule, the
 * written and the resolved one, against the resolved path of the name the
 * supervisor acts on (the kernel's path of the folder it holds plus the
 * final name), so relative names, /proc/self/cwd and any spelling reach
 * the same answer; the i386 entry points are decoded to the same calls.
 * The broker checks the same before its rename and link
 * (broker-hostop.c broker_denied_below()). The host lock (hostlock.h)
 * serialises the listener and the broker: no name changes between this
 * check and the call performed on the held folder. Fail closed: a rule
 * that only might matter (a protected `pass:` entry) still refuses. */
#ifdef __linux__
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "notify-int.h"
#include "notify-worktree.h"
#include "path.h"
#include "readhide.h"

/* A rule strictly below dir that a folder or link arriving at dir (or
 * leaving it) could carry a name into or out of: a protected path, one
 * denying a capability of mask, or, when mask holds create, a read deny
 * that keeps its path absent (readhide.h). NULL when none. */
static const struct fsj_rule *rule_below(const struct fsj_policy *pol, const char *dir,
					 unsigned mask, const char *from)
{
	for (size_t i = 0; dir && i < pol->n_rules; i++) {
		const struct fsj_rule *r = &pol->rules[i];

		if ((r->source != FSJ_SRC_PROTECTED && !(r->deny & mask) &&
		     !((mask & FSJ_CAPBIT(FSJ_CAP_CREATE)) && fsj_readhide_rule(pol, r))) ||
		    (from && nj_gitfile_carried(r, dir, mask, from)))
			continue;
		if ((r->path && strcmp(r->path, dir) != 0 && path_covers(dir, r->path)) ||
		    (r->resolved && strcmp(r->resolved, dir) != 0 && path_covers(dir, r->resolved)))
			return r;
	}
	return NULL;
}

/* rule_below() at dir or at one of its host spellings (notify-spell.h):
 * a folder arriving through another mount of dir's folder arrives at the
 * rule's own path. */
static const struct fsj_rule *denied_below(const struct job *j, const char *dir, unsigned mask,
					   const char *from)
{
	const struct fsj_rule *r = rule_below(j->nt->pol, dir, mask, from);

	for (size_t it = 0; !r;) {
		cleanup_free char *alt = nj_spelled(j, dir, &it);

		if (!alt)
			return NULL;
		r = rule_below(j->nt->pol, alt, mask, from);
	}
	return r;
}

bool nj_guard_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl)
{
	unsigned create = FSJ_CAPBIT(FSJ_CAP_CREATE), del = FSJ_CAPBIT(FSJ_CAP_DELETE);
	bool a_carries = nj_carries_names(&a->st);
	bool b_carries = b->obj >= 0 && nj_carries_names(&b->st);
	/* not an exchange: the listener follows the pointers that leave
	 * (nj_gitfile_moved()) */
	const char *from = !(fl & RENAME_EXCHANGE) && S_ISDIR(a->st.st_mode) ? a->path : NULL;
	const char *at = NULL;
	const struct fsj_rule *r = NULL;
	enum fsj_cap cap = FSJ_CAP_CREATE;
	struct fsj_decision d = { false, FSJ_LEVEL_DEFAULT, NULL, false };

	if (!a_carries && !b_carries)
		return true;
	if (!nj_worktree_guard_rename(j, a, b, fl))
		return false;
	/* arriving: a at b's name (checked whichever of the two carries, as
	 * before guarded names); with an exchange, b at a's name too */
	if ((r = denied_below(j, b->path, create, from)))
		at = b->path;
	else if ((fl & RENAME_EXCHANGE) && b_carries && (r = denied_below(j, a->path, create, NULL)))
		at = a->path;
	/* leaving: a from its name; with an exchange, b from its own (the
	 * names below are deleted there: the refusal says delete) */
	else if ((r = denied_below(j, a->path, del, from)))
		at = a->path, cap = FSJ_CAP_DELETE;
	else if ((fl & RENAME_EXCHANGE) && b_carries && (r = denied_below(j, b->path, del, NULL)))
		at = b->path, cap = FSJ_CAP_DELETE;
	if (!at)
		return true;
	d.level = fsj_source_level(r->source);
	d.rule = r;
	nj_refuse(j, cap, at, "a moved folder could carry a denied or protected name", EACCES, &d);
	return false;
}

bool nj_guard_redirect(struct job *j, const char *path)
{
	const struct fsj_rule *r;
	struct fsj_decision d = { false, FSJ_LEVEL_DEFAULT, NULL, false };

	if (!nj_worktree_guard_link(j, path))
		return false;
	if (!(r = denied_below(j, path, FSJ_CAPBIT(FSJ_CAP_CREATE), NULL)))
		return true;
	d.level = fsj_source_level(r->source);
	d.rule = r;
	nj_refuse(j, FSJ_CAP_CREATE, path,
		  "a symbolic link there would redirect a denied or protected name", EACCES, &d);
	return false;
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_guard_not_this_system;
#endif /* __linux__ */
