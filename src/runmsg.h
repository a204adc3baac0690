/* runmsg.h - what `fsjail run` says besides the command's own output: the
 * enforcement gaps before it starts, the status stream (--status-fd N,
 * bubblewrap's --json-status-fd model), the refusal report (--report
 * FILE) and the summary on stderr after it ends (DESIGN.md section 10;
 * fsjail(1) REFUSALS). Nothing of it ever goes to stdout. */
#ifndef FSJAIL_RUNMSG_H
#define FSJAIL_RUNMSG_H

#include <stdbool.h>

#include "audit.h"
#include "sandbox.h"
#include "util.h"

struct broker;

struct runmsg {
	bool quiet;              /* --quiet: no summary, no notes */
	const char *report_path; /* --report FILE, or NULL */
	int status_fd;           /* --status-fd N, or -1 */
	int report_fd;           /* opened by runmsg_open() */
	struct audit_log audit;
	bool started;            /* the "started" record was written */
	struct broker *broker;   /* for cmd_run's after-fork hook, or NULL */
	const char *session, *tier, *workspace; /* runmsg_attach(), borrowed */
	bool detail;             /* --status-detail: backup and trash records too */
	int signal;              /* launch_last_signal() after the run, 0: none */
	const char *command;     /* the command line, for the audit log's run records */
	const char *home;        /* the user's home, for the summary's hint; runmsg_open() */
	const struct fsj_policy *pol; /* the hints' policy (refusal-hint.h), or NULL; borrowed */
};
#define RUNMSG_INIT { false, NULL, -1, -1, { -1, NULL, NULL }, false, NULL, NULL, NULL, NULL, false, 0, NULL, NULL, NULL }

/* Parse N of option opt ("--status-fd", "--ask-fd"...): a descriptor open
 * in this process, not 0, 1 or 2 (the command's). Returns it, or -1 after
 * printing why. */
int runmsg_parse_fd(const char *opt, const char *arg);

/* Before the command starts, outside the sandbox: open --report FILE
 * (runmsg_report_open()), mark the status descriptor close-on-exec (the
 * command must not write records of its own), open ctx's audit log, and
 * forget earlier refusals and planted records. Returns 0, or -1 with
 * err set. */
int runmsg_open(struct runmsg *m, const struct fsj_ctx *ctx, struct fsj_error *err);

/* After runmsg_open(), before the sandbox is compiled from pol: a
 * protected rule (no write, create or delete: FSJ_CAPS_MODIFY; for a
 * named pipe no read either) on the regular file or named pipe the
 * report and the status descriptor write to, when the
 * name it has now (the report's path made absolute against cwd; the
 * status descriptor's /proc/self/fd link) still names that very file.
 * Such a file often lies in the workspace, and the command must not
 * rewrite, truncate, or move away and replace what fsjail says of it.
 * Nothing is added for an unnamed pipe, a socket or a terminal. Never fails (out
 * of memory aborts). */
void runmsg_protect(const struct runmsg *m, const char *cwd, struct fsj_policy *pol);

/* From now on every refusal_record() goes to the report, the status
 * stream and the audit log, tagged with session; session, tier and
 * workspace (borrowed) are also what "started" says. */
void runmsg_attach(struct runmsg *m, const char *session, const char *tier, const char *workspace);

/* The sandbox's gaps on stderr, and more (lines ending in '\n' that
 * the probe found, or NULL); false when the run must be refused (a gap
 * weakens the policy and partial enforcement was not accepted). quiet
 * drops the notes, never a warning. */
bool runmsg_gaps(const struct sandbox *sb, const char *more, bool accept_partial, bool quiet);

/* The "started" record: session, cycle (NULL: unknown), tier, workspace
 * and the command's pid as fsjail sees it (<= 0: found out, else null). */
void runmsg_started(struct runmsg *m, const char *cycle, long pid);

/* After the command ended with fsjail's exit status (or fsjail failed:
 * status 125 and error the reason, else NULL): the "exited" record, the
 * summary on stderr unless quiet, and every descriptor closed. */
void runmsg_end(struct runmsg *m, int status, const char *error);

#endif
