/* escape.c - see escape.h. UTF-8 validity per RFC 3629 section 4
 * (no overlongs, no surrogates, nothing above U+10FFFF). */
#include <stdbool.h>
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

/* Code point of the valid sequence of length n at p. */
static unsigned utf8_cp(const unsigned char *p, size_t n)
{
	unsigned cp = n == 2 ? p[0] & 0x1fu : n == 3 ? p[0] & 0x0fu : p[0] & 0x07u;

	for (size_t i = 1; i < n; i++)
		cp = (cp << 6) | (p[i] & 0x3fu);
	return cp;
}

/* C1 controls (CSI, U+009B, acts like ESC [ on many terminals), the
 * bidirectional controls that reorder what is shown ("Trojan Source",
 * CVE-2021-42574: LRM, RLM, ALM, LRE..RLO, LRI..PDI), and what shows as
 * nothing or as a line break, so that two names a person reads as one
 * differ visibly (Unicode TR36 section 3.2: SHY, ZWSP..ZWJ, LS, PS, WJ
 * and the invisible operators, ZWNBSP). */
static bool shown_as_bytes(unsigned cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0xad || cp == 0x061c ||
	       (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff;
}

void fsj_escape_term_sb(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n;

	while (*p) {
		n = utf8_len(p);
		if (*p == '\\') {
			sb_adds(sb, "\\\\");
		} else if (n == 0 || *p < 0x20 || *p == 0x7f ||
			   (n > 1 && shown_as_bytes(utf8_cp(p, n)))) {
			if (n == 0)
				n = 1;
			for (size_t i = 0; i < n; i++)
				sb_addf(sb, "\\x%02x", p[i]);
		} else {
			sb_add(sb, (const char *)p, n);
		}
		p += n;
	}
}

char *fsj_escape_term(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	fsj_escape_term_sb(&sb, s);
	return sb_detach(&sb);
}

void fsj_put_term3(FILE *f, const char *pre, const char *s, const char *post)
{
	cleanup_free char *e = s ? fsj_escape_term(s) : NULL;

	fprintf(f, "%s%s%s", pre, e ? e : "", post);
}
