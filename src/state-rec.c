/* state-rec.c - see state-rec.h. */
#include <string.h>

#include "state-rec.h"
#include "util.h"

uint64_t srec_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

bool srec_num(struct srec_cursor *c, unsigned long long *out, char sep)
{
	unsigned long long v = 0;
	size_t digits = 0;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9' && digits < 19) {
		v = 10 * v + (unsigned long long)(*c->p - '0');
		c->p++;
		digits++;
	}
	if (digits == 0 || c->p >= c->end || *c->p != sep)
		return false;
	c->p++;
	*out = v;
	return true;
}

char *srec_str(struct srec_cursor *c, size_t max, bool null_ok, char sep, bool *ok)
{
	unsigned long long n;
	char *s;

	*ok = false;
	if (c->end - c->p >= 3 && c->p[0] == '-' && c->p[1] == ':') {
		c->p += 2;
		if (!null_ok || *c->p != sep)
			return NULL;
		c->p++;
		*ok = true;
		return NULL;
	}
	if (!srec_num(c, &n, ':') || n > max || (size_t)(c->end - c->p) < n + 1 ||
	    memchr(c->p, '\0', (size_t)n) || c->p[n] != sep)
		return NULL;
	s = xstrndup(c->p, (size_t)n);
	c->p += n + 1;
	*ok = true;
	return s;
}
