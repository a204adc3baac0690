/* escape-shell.h - words of the command lines fsjail prints for the user
 * to copy (a grant, an explain, a restore), with a path the sandboxed
 * command chose: one shell word each, and safe on a terminal. */
#ifndef FSJAIL_ESCAPE_SHELL_H
#define FSJAIL_ESCAPE_SHELL_H

#include "util.h"

/* s (NUL-terminated) appended to sb as one POSIX shell word (sh(1)
 * "Quoting"): as it is when non-empty and made only of
 * [A-Za-z0-9_./=:@%+,-], else in single quotes with each ' written '\''.
 * For command lines fsjail prints for the user to copy (a path the
 * command chose must stay one word there); terminal safety is
 * fsj_escape_term()'s, applied first by the caller. */
void fsj_quote_shell_sb(struct strbuf *sb, const char *s);

/* s (NUL-terminated, any bytes: the path as it is, not escaped) appended
 * to sb as one shell word that is safe on a terminal and names exactly s
 * when pasted into bash, zsh or ksh (and POSIX.1-2024 sh): s as
 * fsj_quote_shell_sb() writes it when fsj_escape_term() leaves it as it
 * is (no control byte, no invalid UTF-8, no backslash); else $'...' with
 * fsj_escape_term()'s \xHH for each such byte, \\ for a backslash and
 * \' for a quote (a name made of "a<newline>b" gives $'a\x0ab'). */
void fsj_quote_shell_term_sb(struct strbuf *sb, const char *s);

#endif
