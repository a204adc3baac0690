/* peerq.c - see peerq.h. */
#include <pthread.h>

#include "peerq.h"

#define PEERQ_MAX 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t ring[PEERQ_MAX];
static unsigned head, n;

void peerq_push(pid_t pid)
{
	pthread_mutex_lock(&lock);
	if (n == PEERQ_MAX) { /* drop the oldest */
		head = (head + 1) % PEERQ_MAX;
		n--;
	}
	ring[(head + n++) % PEERQ_MAX] = pid;
	pthread_mutex_unlock(&lock);
}

bool peerq_pop(pid_t *pid)
{
	bool have;

	pthread_mutex_lock(&lock);
	have = n > 0;
	if (have) {
		*pid = ring[head];
		head = (head + 1) % PEERQ_MAX;
		n--;
	}
	pthread_mutex_unlock(&lock);
	return have;
}
