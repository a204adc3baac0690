/* refusal-hint-caps.c - the capabilities a grant offered for a refusal
 * carries (refusal-hint.h): what the refused operation needs besides the
 * one refused. */
#include "policy.h"
#include "refusal-hint.h"

unsigned refusal_hint_caps(const struct fsj_policy *pol, const char *path, unsigned refused,
			   bool folder)
{
	const unsigned rd = FSJ_CAPBIT(FSJ_CAP_READ);
	const bool unreadable = pol && path && !(policy_allowed_mask(pol, path, NULL) & rd);

	/* execve(2) opens the file to read it (Landlock asks READ_FILE with
	 * EXECUTE; a script's interpreter reads it too): hint13, an execute
	 * hint alone failed again with EACCES */
	if ((refused & FSJ_CAPBIT(FSJ_CAP_EXECUTE)) && unreadable)
		refused |= rd;
	if (!(refused & FSJ_CAPBIT(FSJ_CAP_CREATE)))
		return refused;
	refused |= FSJ_CAPBIT(FSJ_CAP_WRITE);
	if (folder && unreadable)
		refused |= rd;
	return refused | (folder ? FSJ_CAPBIT(FSJ_CAP_DELETE) : 0);
}
