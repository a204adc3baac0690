/* audit-source.c - see audit-source.h. A protected path was named
 * "policy", as the default level is, so `fsjail log` hid the level the
 * run's summary names (tidy23, t0416). */
#include "audit-source.h"

const char *audit_level_source(enum fsj_level l)
{
	/* the log's older names: "rule" for the explicit level, "policy"
	 * where no rule decided; the others as fsj_level_name() */
	if (l == FSJ_LEVEL_EXPLICIT)
		return "rule";
	if (l == FSJ_LEVEL_PROTECTED || l == FSJ_LEVEL_BASELINE)
		return fsj_level_name(l);
	return "policy";
}
