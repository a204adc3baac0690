/* audit-text.c - text for a terminal, escaped (audit-text.h). UTF-8
 * decoding after RFC 3629 section 4: no overlong forms, no surrogates,
 * nothing above U+10FFFF. */
#include <stdint.h>
#include <string.h>

#include "audit-text.h"

/* Length of the valid UTF-8 sequence at s (2 to 4) with *cp set, or 0. */
static size_t utf8_seq(const unsigned char *s, uint32_t *cp)
{
	size_t n, i;
	uint32_t c;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, c = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, c = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, c = s[0] & 0x07u;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) /* also stops at the NUL */
			return 0;
		c = (c << 6) | (s[i] & 0x3fu);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

static bool shown_escaped(uint32_t c)
{
	return (c >= 0x80 && c <= 0x9f) || c == 0x200e || c == 0x200f ||
	       (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

void audit_escape_term(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		sb_adds(sb, "-");
		return;
	}
	while (*p) {
		uint32_t cp;
		size_t n;

		if (*p >= 0x20 && *p < 0x7f) {
			if (*p == '\\')
				sb_addc(sb, '\\');
			sb_addc(sb, (char)*p++);
			continue;
		}
		switch (*p) {
		case 0x1b:
			sb_adds(sb, "\\e");
			p++;
			continue;
		case '\n':
			sb_adds(sb, "\\n");
			p++;
			continue;
		case '\r':
			sb_adds(sb, "\\r");
			p++;
			continue;
		case '\t':
			sb_adds(sb, "\\t");
			p++;
			continue;
		default:
			break;
		}
		n = *p >= 0x80 ? utf8_seq(p, &cp) : 0;
		if (n && shown_escaped(cp)) {
			sb_addf(sb, "\\u%04x", (unsigned)cp);
		} else if (n) {
			sb_add(sb, (const char *)p, n);
		} else {
			sb_addf(sb, "\\x%02x", (unsigned)*p);
			n = 1;
		}
		p += n;
	}
}
