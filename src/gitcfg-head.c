/* gitcfg-head.c - the bytes a <gitdir>/HEAD may be given (see
 * gitcfg-head.h). */
#include "gitcfg-head.h"

#include <ctype.h>
#include <string.h>

bool gitcfg_head_ok(const char *buf, size_t len, const char **why)
{
	const char *p = buf, *end = buf + len;
	size_t n = 0;

	if (why)
		*why = "HEAD would not hold one valid ref or object id line";
	if (len < 2 || len > 4096 || buf[len - 1] != '\n' || memchr(buf, '\0', len) ||
	    memchr(buf, '\n', len - 1))
		return false;
	end--; /* the final newline */
	if (len > 10 && strncmp(p, "ref: refs/", 10) == 0) {
		bool comp_start = true;

		for (p += 10; p < end; p++) {
			bool ok = isalnum((unsigned char)*p) || strchr("._/+@-", *p);

			if (!ok || (comp_start && (*p == '.' || *p == '/')) ||
			    (*p == '.' && p[1] == '.') || (*p == '/' && p + 1 == end))
				return false;
			comp_start = *p == '/';
		}
		return p > buf + 10;
	}
	for (; p < end && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')); p++)
		n++;
	return p == end && (n == 40 || n == 64);
}
