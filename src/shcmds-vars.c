/* shcmds-vars.c - the variables shcmds_walk()'s caller knows, put in a
 * word's text (shcmds.h: shcmds_vars()). Pure string work. */
#include <stdlib.h>
#include <string.h>

#include "shcmds-vars.h"
#include "util.h"

char *shcmds_vars(const char *lit, const char *const *vars, bool *known)
{
	struct strbuf sb = STRBUF_INIT;
	char *out;

	for (const char *p = lit; *p;) {
		const char *val = NULL;
		size_t used = 0;

		for (const char *const *v = vars; v && *v && !val && *p == '$'; v += 2) {
			size_t k = strlen(*v);
			bool brace = p[1] == '{';
			char after = p[1 + brace + k];

			if (strncmp(p + 1 + brace, *v, k) == 0 &&
			    (brace ? after == '}'
				   : !(after == '_' || (after >= '0' && after <= '9') ||
				       ((after | 0x20) >= 'a' && (after | 0x20) <= 'z'))))
				val = v[1], used = 1 + k + (brace ? 2 : 0);
		}
		if (val)
			sb_add(&sb, val, strlen(val)), p += used;
		else
			sb_add(&sb, p++, 1);
	}
	out = sb_detach(&sb);
	/* what is left of a run-time part: $..., `...`, <(...), ~user */
	*known = !strpbrk(out, "$`") && out[0] != '~' && !strstr(out, "<(") && !strstr(out, ">(");
	return out;
}
