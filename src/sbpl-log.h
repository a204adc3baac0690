/* sbpl-log.h - a Seatbelt denial as macOS's unified log reports it, read
 * back into (operation, path, rule) so that a run on macOS can list its
 * refusals like a run on Linux (DESIGN.md section 10, issue 15 item 5).
 *
 * The profile tags every deny rule with (with message "<run tag>:<rule>")
 * and (deny default) with (with message "<run tag>") (sbpl.h run_tag).
 * `log stream --style ndjson --predicate 'eventMessage CONTAINS "<tag>"'`
 * then prints one JSON object per line whose eventMessage is Seatbelt's
 * line, "Sandbox: NAME(PID) deny(N) OPERATION TARGET", followed on its own
 * line by the rule's message (the shape anthropic-experimental/
 * sandbox-runtime parses in src/sandbox/macos-sandbox-utils.ts,
 * startMacOSSandboxLogMonitor; SBPL-NOTES.md section 7). `fsjail run`
 * reads the stream with it (sbpl-logrun.h). */
#ifndef FSJAIL_SBPL_LOG_H
#define FSJAIL_SBPL_LOG_H

#include "path.h"

struct sbpl_denial {
	char process[64];              /* NAME, truncated */
	long pid;
	char op[64];                   /* e.g. "file-write-create" */
	char target[FSJ_PATH_MAX + 1]; /* the path, or a service/sysctl name */
	char rule[65];                 /* the rule id after "<tag>:", "" for the default */
};

/* Read one line of `log stream --style ndjson` output (NUL-terminated,
 * without its newline). Returns 1 with *out filled when it is a Seatbelt
 * denial carrying this run's tag (exactly tag, or tag followed by ':'),
 * 0 when it is anything else (another run's denial, another message, the
 * stream's header), -1 when it is not a JSON object. */
int sbpl_log_parse(const char *line, const char *tag, struct sbpl_denial *out);

#endif
