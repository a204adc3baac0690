/* refer-caps.c - the capabilities a new name could widen (refer-caps.h). */
#include <sys/stat.h>

#include "policy.h"
#include "refer-caps.h"

unsigned refer_caps(mode_t mode)
{
	unsigned caps =
		FSJ_CAPBIT(FSJ_CAP_READ) | FSJ_CAPBIT(FSJ_CAP_WRITE) | FSJ_CAPBIT(FSJ_CAP_EXECUTE);

	if (S_ISDIR(mode))
		return FSJ_CAPS_ALL;
	if (S_ISSOCK(mode))
		caps |= FSJ_CAPBIT(FSJ_CAP_CONNECT);
	return caps;
}
