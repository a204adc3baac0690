/* effects-verdict-names.c - the names `fsjail check` prints for a
 * verdict and the overall answer (effects-decide.h). */
#include "effects-decide.h"

const char *fsj_verdict_name(enum fsj_verdict v)
{
	switch (v) {
	case FSJ_VERDICT_ALLOWED:
		return "allowed";
	case FSJ_VERDICT_MISSING:
		return "missing";
	case FSJ_VERDICT_REFUSED:
		return "refused";
	}
	return "?";
}

const char *fsj_overall_name(enum fsj_overall o)
{
	switch (o) {
	case FSJ_OVERALL_ALLOW:
		return "allow";
	case FSJ_OVERALL_PROMPT:
		return "prompt";
	case FSJ_OVERALL_REFUSE:
		return "refuse";
	}
	return "?";
}
