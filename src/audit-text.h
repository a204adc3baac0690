/* audit-text.h - text shown on a terminal made safe (DESIGN.md section
 * 10): path names and command lines chosen by the sandboxed command can
 * hold escape sequences that would drive the user's terminal. */
#ifndef FSJAIL_AUDIT_TEXT_H
#define FSJAIL_AUDIT_TEXT_H

#include <stdbool.h>
#include <sys/types.h>

#include "util.h"

/* Append s to sb with every byte a terminal would act on shown visibly:
 * ESC as \e; \n, \r, \t as themselves escaped; other C0 controls and DEL
 * as \xHH; a backslash doubled; bytes that are not valid UTF-8 as \xHH;
 * C1 controls (U+0080..U+009F) and the bidirectional overrides and
 * isolates (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) as \uHHHH.
 * Everything else, valid UTF-8 included, is copied. s NULL appends "-". */
void audit_escape_term(struct strbuf *sb, const char *s);

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
