/* runevent.c - the tap of run events (runevent.h). */
#include "runevent.h"

static run_event_fn tap;

void run_event_set_tap(run_event_fn fn)
{
	__atomic_store_n(&tap, fn, __ATOMIC_RELEASE);
}

void run_event(const char *type, const char *path, const char *detail)
{
	run_event_fn fn = __atomic_load_n(&tap, __ATOMIC_ACQUIRE);

	if (fn)
		fn(type, path, detail);
}
