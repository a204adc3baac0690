/* notify-caps.c - the capabilities the listener performs a trapped call
 * with (notify-caps.h). The supervisor performs a trapped call for its
 * caller with its own rights (notify-ops.c); caps-caller.c lowers them to
 * the caller's around each act (att20, t0396). Whether the caller is in
 * the supervisor's user namespace is asked on every call, after ID_VALID
 * (/proc/TID/ns/user, ~3 us). */
#ifdef __linux__
#include <stdint.h>

#include "caps-caller.h"
#include "notify-caps.h"
#include "notify-int.h"

void notify_caps_setup(struct notify *nt)
{
	caps_self_setup(&nt->self_caps);
}

int notify_caps_for_caller(const struct notify *nt, const struct tracee *tr, uint64_t *saved)
{
	return caps_caller_lower(&nt->self_caps, tr->procfd, tr->st.cap_eff, saved);
}

void notify_caps_restore(uint64_t saved)
{
	caps_caller_restore(saved);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_caps_not_this_system;
#endif /* __linux__ */
