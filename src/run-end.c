/* run-end.c - the end of a run's removals in a thread (run-end.h). */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "run-end.h"

static pthread_t remover;
static bool removing; /* remover runs, or has ended and is not joined */
static char *remove_dir;
static const struct broker *remove_broker;

static void *remove_main(void *arg)
{
	(void)arg;
	broker_unlink(remove_broker);
	runtmp_remove(remove_dir);
	return NULL;
}

char *run_end_start(char *dir, const struct broker *b)
{
	if ((!dir && !b) || removing)
		return dir;
	remove_dir = dir;
	remove_broker = b;
	if (pthread_create(&remover, NULL, remove_main, NULL) != 0)
		return dir;
	removing = true;
	return NULL;
}

void run_end_wait(char *dir)
{
	runtmp_remove(dir);
	if (removing)
		(void)pthread_join(remover, NULL);
	removing = false;
}
