/* refusal-phase.c - when a refusal was decided (refusal-phase.h). */
#include "refusal-phase.h"

/* Set by the main thread; read by the listener's and broker's threads. */
static bool before;

void refusal_phase_set_before(bool b)
{
	__atomic_store_n(&before, b, __ATOMIC_RELEASE);
}

const char *refusal_phase(void)
{
	return __atomic_load_n(&before, __ATOMIC_ACQUIRE) ? "before" : "run";
}
