/* hostlock.c - see hostlock.h. */
#include "hostlock.h"

#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t host_lock = PTHREAD_MUTEX_INITIALIZER;

void hostlock_take(void)
{
	if (pthread_mutex_lock(&host_lock) != 0)
		abort();
}

void hostlock_give(void)
{
	if (pthread_mutex_unlock(&host_lock) != 0)
		abort();
}
