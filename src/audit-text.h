/* audit-text.h - text shown on a terminal made safe (DESIGN.md section
 * 10): path names and command lines chosen by the sandboxed command can
 * hold escape sequences that would drive the user's terminal. */
#ifndef FSJAIL_AUDIT_TEXT_H
#define FSJAIL_AUDIT_TEXT_H

#include "util.h"

/* Append s to sb with every byte a terminal would act on shown visibly:
 * ESC as \e; \n, \r, \t as themselves escaped; other C0 controls and DEL
 * as \xHH; a backslash doubled; bytes that are not valid UTF-8 as \xHH;
 * C1 controls (U+0080..U+009F) and the bidirectional overrides and
 * isolates (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) as \uHHHH.
 * Everything else, valid UTF-8 included, is copied. s NULL appends "-". */
void audit_escape_term(struct strbuf *sb, const char *s);

#endif
