/* audit-render.h - one audit log line for a human (`fsjail log` without
 * --json): every field chosen by the sandboxed command (paths, command
 * lines) goes through fsj_escape_term() (escape.h) first. */
#ifndef FSJAIL_AUDIT_RENDER_H
#define FSJAIL_AUDIT_RENDER_H

#include <cjson/cJSON.h>

/* Columns of the command line shown on a line of `fsjail log`, its
 * ellipsis ("...") included: a command line can be kilobytes long. */
#define AUDIT_RENDER_COMMAND_WIDTH 60u

/* Print o (one parsed audit line, borrowed) to stdout as one line: time,
 * session, decision, capability, path (and " -> resolved" when it
 * differs), "(source, rule ID)", ": detail" when there is one, and
 * "  [command: LINE]" when the record has a command (the run's command
 * line, or the command name of a refusal), escaped and, past
 * AUDIT_RENDER_COMMAND_WIDTH columns, cut where no escape or character is
 * split, with "..." (msg32). An absent field is "-". Never fails (out of
 * memory aborts). */
void audit_render_line(const cJSON *o);

#endif
