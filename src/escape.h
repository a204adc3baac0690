/* escape.h - untrusted text (paths and command lines chosen by the
 * sandboxed command) made safe to print on a terminal (issue 13 item 7):
 * no byte of it can start an escape or control sequence. */
#ifndef FSJAIL_ESCAPE_H
#define FSJAIL_ESCAPE_H

/* s (NUL-terminated, any bytes) with every C0 control byte (0x00-0x1f),
 * DEL (0x7f), every C1 control character (U+0080-U+009F, as UTF-8
 * 0xc2 0x80-0x9f) and every byte that is not part of valid UTF-8 written
 * as \xHH, and a backslash doubled; valid UTF-8 otherwise unchanged (so
 * "é" stays "é"). The result is printable and reversible. Caller frees;
 * never NULL (NULL s gives ""). JSON output must not use this: JSON
 * escapes on its own and stays exact. */
char *fsj_escape_term(const char *s);

#endif
