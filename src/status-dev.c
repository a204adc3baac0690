/* status-dev.c - the run's own /dev/shm and /dev/pts in `fsjail status`
 * (status-dev.h; devshm.h, devpts.h). */
#include "status-dev.h"

#include <stdio.h>
#include <string.h>

#ifdef __linux__
void status_dev(cJSON *root, const struct ll_plan *plan)
{
	/* what the compiled plan mounts (devshm.h), not what could be */
	cJSON_AddStringToObject(root, "dev_shm", plan && plan->private_shm ? "private" : "refused");
	/* devpts.h: a devpts instance of the run's own, or only the command's
	 * own terminals granted in the host's (no mount namespace, att18) */
	cJSON_AddStringToObject(root, "dev_pts",
				!plan                  ? "refused"
				: plan->private_pts    ? "private"
				: plan->own_pts_access ? "own_terminal"
						       : "refused");
}
#endif

void status_dev_print(const cJSON *root)
{
	const char *shm = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "dev_shm"));
	const char *pts = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "dev_pts"));

	if (shm)
		printf("%-12s %s\n", "/dev/shm:",
		       strcmp(shm, "private") == 0
			       ? "a private tmpfs for each run; the host's is not in view"
			       : "refused (no mount namespace for the sandbox here, or the "
				 "workspace or temporary folder lies in it): the host's stays protected");
	if (pts)
		printf("%-12s %s\n", "/dev/pts:",
		       strcmp(pts, "private") == 0
			       ? "a devpts instance of the run's own; the host's terminals are not in "
				 "view"
		       : strcmp(pts, "own_terminal") == 0
			       ? "the host's (no mount namespace for the sandbox here): only the "
				 "command's own terminal is granted there, and the ptys it makes "
				 "(opened by the listener)"
			       : "refused");
}
