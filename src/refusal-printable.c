/* refusal-printable.c - a string of a refusal for a terminal
 * (refusal_printable(), refusal.h). */
#include "escape.h"
#include "refusal.h"

char *refusal_printable(const char *s)
{
	return fsj_escape_term(s ? s : "?");
}
