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
	const char *workspace; /* only the runs of this workspace (their run records and
				* every line of their sessions), or NULL */
	char **sessions;     /* internal: the sessions of workspace's runs */
	size_t n_sessions;
	bool json;           /* the lines as stored with "schema" first; else one escaped line each */
	size_t bad;          /* out: lines that are not JSON, or too long */
};

/* Print the whole lines of the audit log open on fd (a regular file of
 * size bytes) that v selects, to stdout: all of them, read as a stream,
 * or (tail > 0) the last tail of them, read from the end block by block,
 * so a log of any size is shown with bounded memory (lines over 1 MiB are
 * counted in v->bad). A last line without its newline is still being
 * written and is left out. With v->workspace, the whole file is read
 * once first for the sessions of that workspace's runs (fd must be
 * seekable; v->sessions is freed before returning). Returns 0, or -1 with
 * errno set. */
int audit_view_show(struct audit_view *v, int fd, off_t size, unsigned long tail);

#endif
