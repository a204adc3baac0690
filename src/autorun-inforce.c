/* autorun-inforce.c - is "workspace-autorun" in force here
 * (autorun-inforce.h). */
#include <stddef.h>
#include <string.h>

#include "autorun-inforce.h"
#include "autorun-rule.h"
#include "landlock.h"
#include "notify.h"
#include "policy.h"
#include "util.h"

#define OFF                                                                                      \
	"the protected rule workspace-autorun (the files editors and agents run by themselves: " \
	".claude/settings.json, .claude/commands/, .mcp.json, .vscode/tasks.json, ...) is not "  \
	"in force on this machine: "
#define AFTER                                                                         \
	"; the command may change them, and fsjail names a changed file of that "     \
	"list after the run, but nothing changed in those folders or in the scripts " \
	"their hooks name"

const char *autorun_not_in_force(const struct fsj_ctx *ctx)
{
	if (ctx->env.platform == FSJ_PLATFORM_DARWIN)
		return NULL;
	if (ll_abi() <= 0)
		return OFF "the kernel has no Landlock" AFTER;
	if (!ll_masks_available())
		return OFF
			"mount masks are not available (FSJAIL_NO_MOUNT_MASKS is set, or user "
			"namespaces are refused: see kernel.unprivileged_userns_clone, "
			"kernel.apparmor_restrict_unprivileged_userns, or the container's seccomp "
			"profile)" AFTER;
	if (!notify_wanted())
		return OFF "the seccomp listener is turned off (unset FSJAIL_NO_NOTIFY)" AFTER;
	return NULL;
}

char *autorun_off_note(const struct fsj_ctx *ctx, const char *norm, const char *resolved)
{
	const char *off = ctx->config.protect_autorun ? autorun_not_in_force(ctx) : NULL;
	struct fsj_policy *pol;
	struct fsj_decision d;
	bool hit;

	if (!off || !ctx->workspace)
		return NULL;
	/* the rules the run would have had, alone */
	pol = policy_new(ctx->mode, FSJ_TIER_WRITES);
	autorun_add_rules(pol, ctx->workspace);
	policy_decide(pol, norm, resolved, FSJ_CAP_WRITE, &d);
	hit = !d.allowed && d.rule && d.rule->id && strcmp(d.rule->id, "workspace-autorun") == 0;
	policy_free(pol);
	return hit ? xstrdup(off) : NULL;
}
