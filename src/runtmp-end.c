/* runtmp-end.c - the run's private folder removed in a thread
 * (runtmp-end.h). */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "runtmp-end.h"

static pthread_t remover;
static bool removing; /* remover runs, or has ended and is not joined */

static void *remove_main(void *dir)
{
	runtmp_remove(dir);
	return NULL;
}

char *runtmp_remove_start(char *dir)
{
	if (!dir || removing)
		return dir;
	if (pthread_create(&remover, NULL, remove_main, dir) != 0)
		return dir;
	removing = true;
	return NULL;
}

void runtmp_remove_end(char *dir)
{
	runtmp_remove(dir);
	if (removing)
		(void)pthread_join(remover, NULL);
	removing = false;
}
