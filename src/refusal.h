/* refusal.h - what the supervisor refused during one run, collected for
 * the summary after the command ends, `--report FILE`, `--status-fd N` and
 * the audit log (DESIGN.md section 10, "Kernel refusals are decisions too").
 *
 * The interception hook (notify.c) and the broker call refusal_record()
 * from their threads; cmd_run.c sets the sinks before the command starts
 * and prints the summary once it has ended. Includes policy.h, audit.h
 * and refusal-line.h only (a lower layer than notify and broker). */
#ifndef FSJAIL_REFUSAL_H
#define FSJAIL_REFUSAL_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "audit.h"
#include "policy.h"
#include "refusal-line.h"

/* One refusal. Every string is copied by refusal_record(). */
struct refusal {
	enum fsj_cap cap;        /* the capability that was missing */
	const char *path;        /* absolute path as resolved by the supervisor, or NULL */
	const char *reason;      /* "policy", "hard link", "unresolvable path", ... */
	pid_t pid;               /* the calling process (supervisor's pid namespace), 0: unknown */
	const char *comm;        /* its command name (any program sets its own), or NULL */
	const char *exe;         /* its executable (/proc/PID/exe at the call), or NULL */
	const char *syscall;     /* the trapped call's name, or NULL */
	int error;               /* the errno the caller got */
	/* the decision that refused it, or NULL when it was not the policy */
	const struct fsj_decision *decision;
	bool no_hint; /* no rule lifts it (reason says why): offer no grant */
	bool audited; /* the audit log has its own line for it (the broker's) */
};

/* Where each refusal also goes, as it is recorded. Borrowed: every
 * pointer and descriptor must stay valid until refusal_set_sinks(NULL). */
struct refusal_sinks {
	int report_fd;                 /* --report FILE: fsjail-refusal/1 lines; -1: none */
	int status_fd;                 /* --status-fd N: fsjail-status/1 "refused"; -1: none */
	const struct audit_log *audit; /* the audit log, or NULL */
	const char *session;           /* the run's session id, or NULL */
	/* what the hints are made under (refusal-hint.h): the run's policy
	 * (kept for the summary until refusal_reset()) and the user's home;
	 * NULL: hints guard nothing */
	const struct fsj_policy *pol;
	const char *home;
};

/* Record r: keep it for the summary, and write it to the sinks. Thread-safe;
 * never fails (past a cap of stored records only the count grows; past a
 * cap of streamed lines only the count of dropped lines does). */
void refusal_record(const struct refusal *r);

/* Number of refusals recorded since the start (or refusal_reset()). */
unsigned long refusal_count(void);

/* Forget everything recorded and the sinks (tests; the start of a run). */
void refusal_reset(void);

/* Use s (copied; its pointers borrowed) from now on; NULL: no sinks. */
void refusal_set_sinks(const struct refusal_sinks *s);

/* The sinks set now, copied to *out (its pointers borrowed as set), for
 * the run's other records (runmsg_planted()). Returns whether any is set. */
bool refusal_sinks_now(struct refusal_sinks *out);

/* Lines the sinks did not get past their cap (a runaway loop of refusals
 * must not fill the disk or stall the supervisor). */
unsigned long refusal_dropped(void);

/* The summary for a terminal: nothing when nothing was refused; else a
 * count, then one line per distinct (capability, path), first seen first,
 * at most ten, then "and N more": the deciding level, rule id and origin
 * (FILE:LINE) or the reason when it was not the policy, the program that
 * tried (refusal-by.h), and how many times, and the first time a rule's
 * note is met, "    why: NOTE" (refusal-why.h); then how to lift them
 * (refusal-hint.h; home: the user's normalised home, or NULL); all escaped (refusal_printable()). */
void refusal_summary(FILE *out, const char *home);

/* s for a terminal: fsj_escape_term() (escape.h); NULL gives "?".
 * Caller frees. */
char *refusal_printable(const char *s);

/* The last refusal kept, "CAPABILITY PATH" with the path escaped
 * (refusal_printable()), for the note after a failed command; NULL when
 * none was kept. Caller frees. */
char *refusal_last_text(void);

#endif
