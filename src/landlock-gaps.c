/* landlock-gaps.c - where a compiled plan falls short of the policy
 * (landlock-gaps.h): its expanded folders, and the gaps of its ABI per
 * capability (SBPL-NOTES.md section 9; kernel
 * Documentation/userspace-api/landlock.rst, "Previous limitations"). The
 * plan itself is compiled by landlock-plan.c. */
#include <stdio.h>
#include <string.h>

#include "landlock-int.h"
#include "util.h"

size_t ll_plan_expansions(const struct ll_plan *plan, const char *const **folders,
			  const char *const **why)
{
	*folders = (const char *const *)plan->expanded;
	*why = (const char *const *)plan->expanded_why;
	return plan->n_expanded;
}

/* See landlock-gaps.h. The gaps follow the ABI table of SBPL-NOTES.md section 9
 * and Documentation/userspace-api/landlock.rst ("Previous limitations"). */
int ll_plan_gaps(const struct ll_plan *plan, struct strbuf *refuse, struct strbuf *notes)
{
	int n = 0;

	if ((plan->handled_fs & LANDLOCK_ACCESS_FS_WRITE_FILE) && plan->abi < 3) {
		sb_addf(refuse, "write is only partly enforced at Landlock ABI %d: truncate(2) "
				"and O_TRUNC are not controlled before ABI 3, so a file the "
				"policy denies write on can still be emptied\n", plan->abi);
		n++;
	}
	if (plan->network_dropped) {
		sb_addf(refuse, "network: deny is not enforced at Landlock ABI %d: TCP "
				"bind/connect are controlled from ABI 4\n", plan->abi);
		n++;
	}
	if (notes) {
		if (plan->abi < 2 && (plan->handled_fs & LL_ACCESS_CREATE))
			sb_addf(notes, "Landlock ABI %d refuses every rename or link across "
				       "folders: mv and ln between directories fail with EXDEV\n",
				plan->abi);
		if ((plan->handled_fs & LANDLOCK_ACCESS_FS_WRITE_FILE) && plan->abi < 5)
			sb_addf(notes, "device ioctls are not controlled before Landlock ABI 5 "
				       "(running ABI %d)\n", plan->abi);
		if (plan->abi < 6)
			sb_addf(notes, "signals and abstract unix sockets are not scoped to the "
				       "sandbox before Landlock ABI 6 (running ABI %d)\n", plan->abi);
		for (size_t i = 0; i < plan->n_undeletable; i++)
			sb_addf(notes, "delete on '%s' is granted on the file alone, but Landlock "
				       "grants delete per folder: the kernel refuses it, unless "
				       "backups move deletes to the trash (the create hook does "
				       "them)\n", plan->undeletable[i]);
	}
	return n;
}

/* Rights a capability maps to that older ABIs lack, and what their absence
 * leaves open; the same gaps as ll_plan_gaps(). */
static const struct {
	uint64_t bit;
	const char *gap;
} late_rights[] = {
	{ LANDLOCK_ACCESS_FS_TRUNCATE, "truncate(2) and O_TRUNC are not controlled before ABI 3" },
	{ LANDLOCK_ACCESS_FS_IOCTL_DEV, "device ioctls are not controlled before ABI 5" },
};

/* See landlock-gaps.h. A capability's rights at the newest known ABI, compared
 * with what plan handles: every one handled is fully, some is partly. */
void ll_plan_caps(const struct ll_plan *plan, struct ll_cap_report out[FSJ_CAP_COUNT])
{
	for (int c = 0; c < FSJ_CAP_COUNT; c++) {
		struct ll_cap_report *r = &out[c];
		uint64_t want = ll_cap_access((enum fsj_cap)c, LL_ABI_KNOWN);
		uint64_t have = plan->handled_fs & want;
		size_t len = 0;

		memset(r, 0, sizeof(*r));
		if (c == FSJ_CAP_CONNECT) {
			r->level = plan->connect_by_listener ? LL_CAP_FULLY : LL_CAP_NOT;
			if (plan->connect_by_listener)
				snprintf(r->reason, sizeof(r->reason),
					 "seccomp listener: fsjail performs every connect, bind "
					 "and named send to a Unix socket after checking the "
					 "path (Landlock has no right for it at ABI %d)",
					 plan->abi);
			else
				snprintf(r->reason, sizeof(r->reason),
					 "not enforced: Landlock has no right for it before ABI "
					 "9 (running ABI %d) and this run has no seccomp "
					 "listener", plan->abi);
			continue;
		}
		if (!have) {
			r->level = LL_CAP_NOT;
			snprintf(r->reason, sizeof(r->reason),
				 "not handled by the ruleset: the tier leaves it open");
			continue;
		}
		r->level = have == want ? LL_CAP_FULLY : LL_CAP_PARTLY;
		for (size_t i = 0; i < sizeof(late_rights) / sizeof(late_rights[0]); i++) {
			if (!(want & late_rights[i].bit) || (have & late_rights[i].bit))
				continue;
			if (len < sizeof(r->reason))
				len += (size_t)snprintf(r->reason + len, sizeof(r->reason) - len,
							"%s%s (running ABI %d)", len ? "; " : "",
							late_rights[i].gap, plan->abi);
		}
		if ((c == FSJ_CAP_CREATE || c == FSJ_CAP_DELETE) && plan->abi < 2)
			snprintf(r->note, sizeof(r->note),
				 "Landlock ABI %d refuses every rename or link across folders: mv and "
				 "ln between directories fail with EXDEV", plan->abi);
	}
}
