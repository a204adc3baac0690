/* restore-first.h - the oldest record of one object in the cycle, whose
 * mode, owner and times are the object's before the run (att22). For
 * restore*.c only. */
#ifndef FSJAIL_RESTORE_FIRST_H
#define FSJAIL_RESTORE_FIRST_H

#include "restore-int.h"

/* The oldest record of x's cycle (of r's part: cycles restored together)
 * that names r's object by identity and holds its mode, owner and times
 * ("content", "remove", "name", or "meta" of a regular file), or r itself when
 * none is older or r has no identity. A file changed through one name
 * and removed through another (a hard link, or a name an exchange gave
 * it) is recorded at each with the mode of that moment: the content put
 * back gets the first. Never NULL; points into x->m. */
const struct manifest_rec *rs_first_rec(const struct rctx *x, const struct manifest_rec *r);

#endif
