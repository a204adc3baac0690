/* escape.c - see escape.h. UTF-8 validity per RFC 3629 section 4
 * (no overlongs, no surrogates, nothing above U+10FFFF). */
#include <string.h>

#include "escape.h"
#include "util.h"

/* Length of the valid UTF-8 sequence at p (1 to 4), or 0 when p does not
 * start one. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n, i;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
		cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		cp = p[0] & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

char *fsj_escape_term(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n;

	while (*p) {
		n = utf8_len(p);
		if (*p == '\\') {
			sb_adds(&sb, "\\\\");
		} else if (n == 0 || *p < 0x20 || *p == 0x7f) {
			sb_addf(&sb, "\\x%02x", *p);
			n = 1;
		} else if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0) {
			/* C1 controls: CSI (U+009B) acts like ESC [ on many
			 * terminals. */
			sb_addf(&sb, "\\x%02x\\x%02x", p[0], p[1]);
		} else {
			sb_add(&sb, (const char *)p, n);
		}
		p += n;
	}
	return sb_detach(&sb);
}
