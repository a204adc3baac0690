/* audit-text.h - the audit log shown on a terminal (DESIGN.md section
 * 10): path names and command lines chosen by the sandboxed command can
 * hold escape sequences that would drive the user's terminal, so every
 * field goes through fsj_escape_term() (escape.h). */
#ifndef FSJAIL_AUDIT_TEXT_H
#define FSJAIL_AUDIT_TEXT_H

#include <stdbool.h>
#include <sys/types.h>

#include "util.h"

/* What `fsjail log` shows. */
struct audit_view {
	const char *session; /* only this session's lines, or NULL */
	bool json;           /* the lines as stored with "schema" first; else one escaped line each */
	size_t bad;          /* out: lines that are not JSON, or too long */
};

/* Print the whole lines of the audit log open on fd (a regular file of
 * size bytes) that v selects, to stdout: all of them, read as a stream,
 * or (tail > 0) the last tail of them, read from the end block by block,
 * so a log of any size is shown with bounded memory (lines over 1 MiB are
 * counted in v->bad). A last line without its newline is still being
 * written and is left out. Returns 0, or -1 with errno set. */
int audit_view_show(struct audit_view *v, int fd, off_t size, unsigned long tail);

#endif
