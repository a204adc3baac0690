/* audit-source.c - see audit-source.h. A protected path was named
 * "policy", as the default level is, so `fsjail log` hid the level the
 * run's summary names (tidy23, t0416). */
#include "audit-source.h"

const char *audit_level_source(enum fsj_level l)
{
	switch (l) {
	case FSJ_LEVEL_PROTECTED:
		return "protected";
	case FSJ_LEVEL_EXPLICIT:
		return "rule";
	case FSJ_LEVEL_BASELINE:
		return "baseline";
	case FSJ_LEVEL_DEFAULT:
	case FSJ_LEVEL_COUNT:
		break;
	}
	return "policy";
}
