/* sbpl-logrun.h - a run's Seatbelt denials collected from macOS's unified
 * log while the command runs (DESIGN.md section 10; issue 15 item 5) and
 * recorded as refusals (refusal.h): the same summary, --report and
 * --status-fd "refused" records as the Linux listener gives.
 *
 * The profile tags every deny with (with message "<tag>:<rule id>") and
 * (deny default) with "<tag>" (sbpl.h run_tag); `log stream --style
 * ndjson --predicate P` is started before the command, where P keeps
 * Seatbelt's reports (codex-rs cli/src/debug_sandbox/seatbelt.rs:
 * processID 0 with a /Sandbox sender, or subsystem
 * com.apple.sandbox.reporting) that carry the tag (anthropic-experimental/
 * sandbox-runtime macos-sandbox-utils.ts, startMacOSSandboxLogMonitor,
 * filters on its session suffix the same way). Each line is read by
 * sbpl_log_parse() (sbpl-log.h) on a thread of its own. */
#ifndef FSJAIL_SBPL_LOGRUN_H
#define FSJAIL_SBPL_LOGRUN_H

#include "policy.h"
#include "util.h"

/* The predicate given to `log stream` for tag (a [A-Za-z0-9._-] id).
 * Caller frees. */
char *sbpl_logrun_predicate(const char *tag);

/* Start collecting: the log program is FSJAIL_LOG_COMMAND when set (an
 * absolute path; tests use a stub), else /usr/bin/log on macOS; elsewhere
 * nothing is started without FSJAIL_LOG_COMMAND. Waits (at most 2 s) for
 * the stream's first line so that the command's first denials are not
 * missed. pol (borrowed until sbpl_logrun_stop()) decides which rule and
 * level each denial is reported with. Returns 0 when collecting, 1 when
 * nothing was started (no tag, not macOS), or -1 with err set when the
 * stream could not be started (the run goes on: the caller warns, the
 * refusals are then not listed). */
int sbpl_logrun_start(const struct fsj_policy *pol, const char *tag, struct fsj_error *err);

/* After the command ended: wait until the stream has been quiet for a
 * short while (denials reach the log after the call that caused them),
 * stop it, and return the number of the run's denials recorded. Nothing
 * when sbpl_logrun_start() did not start one. */
unsigned long sbpl_logrun_stop(void);

/* The capability a Seatbelt operation ("file-write-create", ...) stands
 * for (DESIGN.md section 6), or -1 for one that is not a file capability
 * (mach-lookup, sysctl-read, ...). */
int sbpl_logrun_cap(const char *op);

#endif
