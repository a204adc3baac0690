/* notify-stats.c - the listener's counts for the run's summary and the
 * tests (notify.h notify_get_stats()). */
#include <stdbool.h>
#include <string.h>

#include "notify.h"
#ifdef __linux__
#include "notify-int.h"

void notify_get_stats(const struct notify *nt, struct notify_stats *out)
{
	memset(out, 0, sizeof(*out));
	if (!nt)
		return;
	out->received = __atomic_load_n(&nt->stats.received, __ATOMIC_RELAXED);
	out->continued = __atomic_load_n(&nt->stats.continued, __ATOMIC_RELAXED);
	out->created = __atomic_load_n(&nt->stats.created, __ATOMIC_RELAXED);
	out->refused = __atomic_load_n(&nt->stats.refused, __ATOMIC_RELAXED);
	out->vanished = __atomic_load_n(&nt->stats.vanished, __ATOMIC_RELAXED);
	out->installed = __atomic_load_n(&nt->stats.installed, __ATOMIC_RELAXED);
	out->trashed = __atomic_load_n(&nt->stats.trashed, __ATOMIC_RELAXED);
	out->performed = __atomic_load_n(&nt->stats.performed, __ATOMIC_RELAXED);
	out->shape = __atomic_load_n(&nt->stats.shape, __ATOMIC_RELAXED);
	out->wide = nt->bc != NULL;
}

#else

void notify_get_stats(const struct notify *nt, struct notify_stats *out)
{
	(void)nt;
	memset(out, 0, sizeof(*out));
}

#endif
