/* escape.h - untrusted text (paths and command lines chosen by the
 * sandboxed command) made safe to print on a terminal (issue 13 item 7):
 * no byte of it can start an escape or control sequence. */
#ifndef FSJAIL_ESCAPE_H
#define FSJAIL_ESCAPE_H

#include <stdio.h>

#include "escape-shell.h"
#include "util.h"

/* s (NUL-terminated, any bytes) with every C0 control byte (0x00-0x1f),
 * DEL (0x7f), every byte not part of valid UTF-8 (RFC 3629 section 4: no
 * overlongs, no surrogates, nothing above U+10FFFF), and every byte of a C1
 * control (U+0080-U+009F), a bidirectional control (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069; CVE-2021-42574) or a character
 * shown as nothing or a line break (U+00AD, U+200B-U+200D, U+2028, U+2029,
 * U+2060-U+2064, U+FEFF) written as \xHH, and a backslash doubled; other
 * valid UTF-8 unchanged ("é" stays). Printable and reversible. Caller
 * frees; never NULL (NULL s gives ""). Not for JSON, which escapes on its
 * own and stays exact. The one escaper of fsjail's terminal output. */
char *fsj_escape_term(const char *s);

/* The same, appended to sb; and written to f between pre and post (trusted,
 * as they are; errors are f's). A NULL s adds nothing of its own. */
void fsj_escape_term_sb(struct strbuf *sb, const char *s);
void fsj_put_term3(FILE *f, const char *pre, const char *s, const char *post);
#define fsj_put_term(f, s) fsj_put_term3((f), "", (s), "")

#endif
