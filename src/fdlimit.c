/* fdlimit.c - see fdlimit.h. */
#include <limits.h>
#include <sys/resource.h>

#include "fdlimit.h"

rlim_t fsj_nofile_raise(void)
{
	struct rlimit rl, want;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 0;
	if (rl.rlim_cur >= rl.rlim_max)
		return rl.rlim_cur;
	want.rlim_cur = rl.rlim_max;
	want.rlim_max = rl.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &want) == 0)
		return want.rlim_cur;
#ifdef OPEN_MAX
	want.rlim_cur = (rlim_t)OPEN_MAX < rl.rlim_max ? (rlim_t)OPEN_MAX : rl.rlim_max;
	if (want.rlim_cur > rl.rlim_cur && setrlimit(RLIMIT_NOFILE, &want) == 0)
		return want.rlim_cur;
#endif
	return rl.rlim_cur;
}
