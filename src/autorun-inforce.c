/* autorun-inforce.c - is "workspace-autorun" in force here
 * (autorun-inforce.h). */
#include "config.h"

#include <stddef.h>

#include "autorun-inforce.h"
#include "landlock.h"
#include "notify.h"

#define AFTER "; fsjail only names their changes after the run"

const char *autorun_not_in_force(const struct fsj_ctx *ctx)
{
	if (ctx->env.platform == FSJ_PLATFORM_DARWIN)
		return NULL;
	if (ll_abi() <= 0)
		return "the protected rule workspace-autorun is not in force on this machine: "
		       "the kernel has no Landlock" AFTER;
	if (!ll_masks_available())
		return "the protected rule workspace-autorun is not in force on this machine: "
		       "mount masks are not available (FSJAIL_NO_MOUNT_MASKS is set, or user "
		       "namespaces are refused: see kernel.unprivileged_userns_clone, "
		       "kernel.apparmor_restrict_unprivileged_userns, or the container's "
		       "seccomp profile)" AFTER;
	if (!notify_wanted())
		return "the protected rule workspace-autorun is not in force on this machine: "
		       "the seccomp listener is turned off (unset FSJAIL_NO_NOTIFY)" AFTER;
	return NULL;
}
