/* audit-limit.c - the audit log's per-run cap and rate limit
 * (audit-limit.h; the defaults and their reasons are in audit.h). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "audit-limit.h"

/* The cap's state, shared by the threads writing through one handle. */
struct audit_limit {
	pthread_mutex_t lock;
	unsigned long max_bytes; /* per handle (per run) */
	unsigned rate, burst;    /* lines per second; most lines at once */
	unsigned long written;   /* bytes written so far */
	double tokens;           /* lines that may be written now */
	struct timespec last;    /* when tokens was last refilled */
	unsigned long over_cap, over_rate;
	char *session, *command; /* of the first line dropped, for the note */
};

/* Room kept under max_bytes for the closing note. */
#define AUDIT_NOTE_RESERVE 4096u

struct audit_limit *audit_limit_new(void)
{
	struct audit_limit *lim = xcalloc(1, sizeof(*lim));

	pthread_mutex_init(&lim->lock, NULL);
	lim->max_bytes = AUDIT_RUN_MAX_BYTES;
	lim->rate = AUDIT_RATE_LINES;
	lim->burst = AUDIT_RATE_BURST;
	lim->tokens = AUDIT_RATE_BURST;
	clock_gettime(CLOCK_MONOTONIC, &lim->last);
	return lim;
}

/* Under lim->lock: may a line of n bytes be written now? Counts a drop. */
static bool admit_locked(struct audit_limit *lim, size_t n, const struct audit_event *ev)
{
	struct timespec now;
	double dt;
	bool cap;

	clock_gettime(CLOCK_MONOTONIC, &now);
	dt = (double)(now.tv_sec - lim->last.tv_sec) + (double)(now.tv_nsec - lim->last.tv_nsec) / 1e9;
	lim->last = now;
	lim->tokens += dt * lim->rate;
	if (lim->tokens > lim->burst)
		lim->tokens = lim->burst;
	cap = lim->written + n + AUDIT_NOTE_RESERVE > lim->max_bytes;
	if (!cap && lim->tokens >= 1.0) {
		lim->tokens -= 1.0;
		lim->written += n;
		return true;
	}
	if (cap)
		lim->over_cap++;
	else
		lim->over_rate++;
	if (!lim->session && ev->session)
		lim->session = xstrdup(ev->session);
	if (!lim->command && ev->command)
		lim->command = xasprintf("%.*s", 1024, ev->command);
	return false;
}

bool audit_limit_admit(struct audit_limit *lim, size_t n, const struct audit_event *ev)
{
	bool ok;

	pthread_mutex_lock(&lim->lock);
	ok = admit_locked(lim, n, ev);
	pthread_mutex_unlock(&lim->lock);
	return ok;
}

void audit_limit_note(const struct audit_limit *lim, const struct audit_log *log)
{
	char *detail;

	if (!lim || log->fd < 0 || !(lim->over_cap + lim->over_rate))
		return;
	detail = xasprintf("%lu audit line(s) dropped: %lu over the cap of %lu bytes per run, "
			   "%lu over the limit of %u lines per second",
			   lim->over_cap + lim->over_rate, lim->over_cap, lim->max_bytes,
			   lim->over_rate, lim->rate);
	struct audit_event ev = {
		.session = lim->session,
		.command = lim->command,
		.capability = "audit",
		.decision = "dropped",
		.source = "policy",
		.detail = detail,
	};

	if (audit_record(log, &ev) < 0)
		fprintf(stderr, "fsjail: warning: cannot write the audit log '%s': %s\n",
			log->path ? log->path : "?", strerror(errno));
	free(detail);
}

void audit_limit_free(struct audit_limit *lim)
{
	if (!lim)
		return;
	pthread_mutex_destroy(&lim->lock);
	free(lim->session);
	free(lim->command);
	free(lim);
}
