/* effects-names.c - the names `fsjail check` prints for an effect's
 * status and capability (effects.h); a verdict's and the overall
 * answer's: effects-verdict-names.c. */
#include "effects-decide.h"

const char *fsj_effect_status_name(enum fsj_effect_status s)
{
	switch (s) {
	case FSJ_EFFECT_RESOLVED:
		return "resolved";
	case FSJ_EFFECT_UNRESOLVED:
		return "unresolved";
	case FSJ_EFFECT_OPAQUE:
		return "opaque";
	case FSJ_EFFECT_NOT_FOUND:
		return "not-found";
	}
	return "?";
}

const char *fsj_effect_cap_name(int cap)
{
	if (cap == FSJ_EFFECT_ANY)
		return "any";
	return fsj_cap_name((enum fsj_cap)cap);
}
