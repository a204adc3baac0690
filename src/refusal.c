/* refusal.c - the run's collection of refusals (refusal.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "refusal.h"
#include "util.h"

/* Records kept in memory for one run: a runaway command that is refused
 * in a loop must not grow the supervisor without bound; past the cap only
 * the count grows. */
#define REFUSAL_KEEP 4096u

struct kept {
	enum fsj_cap cap;
	char *path, *reason, *comm, *syscall, *rule_id, *rule_origin;
	enum fsj_level level;
	bool by_policy;
	pid_t pid;
	int error;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kept *kept;
static size_t n_kept;
static unsigned long total;

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void refusal_record(const struct refusal *r)
{
	struct kept k = { 0 };
	bool stored = false;

	if (!r)
		return;
	k.cap = r->cap;
	k.pid = r->pid;
	k.error = r->error;
	k.path = dup_or_null(r->path);
	k.reason = dup_or_null(r->reason);
	k.comm = dup_or_null(r->comm);
	k.syscall = dup_or_null(r->syscall);
	if (r->decision) {
		k.by_policy = true;
		k.level = r->decision->level;
		if (r->decision->rule) {
			k.rule_id = dup_or_null(r->decision->rule->id);
			k.rule_origin = dup_or_null(r->decision->rule->origin);
		}
	}
	pthread_mutex_lock(&lock);
	total++;
	if (n_kept < REFUSAL_KEEP) {
		if (!kept)
			kept = xreallocarray(NULL, REFUSAL_KEEP, sizeof(*kept));
		kept[n_kept++] = k;
		stored = true;
	}
	pthread_mutex_unlock(&lock);
	if (!stored) {
		free(k.path);
		free(k.reason);
		free(k.comm);
		free(k.syscall);
		free(k.rule_id);
		free(k.rule_origin);
	}
}

unsigned long refusal_count(void)
{
	unsigned long n;

	pthread_mutex_lock(&lock);
	n = total;
	pthread_mutex_unlock(&lock);
	return n;
}

void refusal_reset(void)
{
	size_t i;

	pthread_mutex_lock(&lock);
	for (i = 0; i < n_kept; i++) {
		free(kept[i].path);
		free(kept[i].reason);
		free(kept[i].comm);
		free(kept[i].syscall);
		free(kept[i].rule_id);
		free(kept[i].rule_origin);
	}
	free(kept);
	kept = NULL;
	n_kept = 0;
	total = 0;
	pthread_mutex_unlock(&lock);
}
