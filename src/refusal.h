/* refusal.h - what the supervisor refused during one run, collected for
 * the summary after the command ends, `--report FILE` and the audit log
 * (DESIGN.md section 10, "Kernel refusals are decisions too").
 *
 * The interception hook (notify.c) and the broker call refusal_record()
 * from their threads; cmd_run.c reads the collection once the command has
 * ended. A lower layer: it includes policy.h only. */
#ifndef FSJAIL_REFUSAL_H
#define FSJAIL_REFUSAL_H

#include <stdbool.h>
#include <sys/types.h>

#include "policy.h"

/* One refusal. Every string is copied by refusal_record(). */
struct refusal {
	enum fsj_cap cap;        /* the capability that was missing */
	const char *path;        /* absolute path as resolved by the supervisor, or NULL */
	const char *reason;      /* "policy", "hard link", "unresolvable path", ... */
	pid_t pid;               /* the calling process (supervisor's pid namespace), 0: unknown */
	const char *comm;        /* its command name, or NULL */
	const char *syscall;     /* the trapped call's name, or NULL */
	int error;               /* the errno the caller got */
	/* the decision that refused it, or NULL when it was not the policy */
	const struct fsj_decision *decision;
};

/* Record r. Thread-safe; never fails (past a cap of stored records only
 * the count grows). */
void refusal_record(const struct refusal *r);

/* Number of refusals recorded since the start (or refusal_reset()). */
unsigned long refusal_count(void);

/* Forget everything recorded (tests; the start of a run). */
void refusal_reset(void);

#endif
