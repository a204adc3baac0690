/* escape-shell.c - shell words of the command lines fsjail prints for the
 * user to copy (escape-shell.h). A path with a newline, a tab, an ESC or
 * a byte that is not UTF-8 was escaped for the terminal (\x0a) and then
 * quoted ('a\x0ab'): safe, but pasted it named another path, so the grant
 * a refusal offered did not lift it (fix45). */
#include <string.h>

#include "escape-shell.h"
#include "escape.h"

void fsj_quote_shell_sb(struct strbuf *sb, const char *s)
{
	static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				   "0123456789_./=:@%+,-";

	if (*s && strspn(s, safe) == strlen(s)) {
		sb_adds(sb, s);
		return;
	}
	sb_addc(sb, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			sb_adds(sb, "'\\''");
		else
			sb_addc(sb, *s);
	}
	sb_addc(sb, '\'');
}

void fsj_quote_shell_term_sb(struct strbuf *sb, const char *s)
{
	cleanup_free char *e = fsj_escape_term(s);

	if (strcmp(e, s) == 0) {
		fsj_quote_shell_sb(sb, s);
		return;
	}
	/* every backslash in e starts \\ or \xHH, which $'...' reads back
	 * as the byte; only a quote is left to escape */
	sb_adds(sb, "$'");
	for (const char *p = e; *p; p++) {
		if (*p == '\'')
			sb_addc(sb, '\\');
		sb_addc(sb, *p);
	}
	sb_addc(sb, '\'');
}
