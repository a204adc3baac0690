/* explain-delete.h - `fsjail explain`'s note on a delete the user's own
 * rule refuses inside a folder where files may be made (issue 12 item 1:
 * "a user who wants deletes refused writes deny: [delete], and explain
 * says what that breaks"). */
#ifndef FSJAIL_EXPLAIN_DELETE_H
#define FSJAIL_EXPLAIN_DELETE_H

#include "policy.h"

/* The note for path norm (resolved: its spelling for the platform) under
 * pol: delete is denied there at the explicit level while create is
 * allowed, so tools that save through a temporary file and a rename, or
 * that take a lock file, fail and leave those files behind. A new string
 * (caller frees), or NULL when delete is not so refused. No errors. */
char *explain_delete_note(const struct fsj_policy *pol, const char *norm, const char *resolved);

#endif
