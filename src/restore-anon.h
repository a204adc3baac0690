/* restore-anon.h - a folder a restore made only as the parent of what it
 * put back, taken for the folder a rename of the cycle left at its name
 * (att37). For restore*.c only. */
#ifndef FSJAIL_RESTORE_ANON_H
#define FSJAIL_RESTORE_ANON_H

#include <stdbool.h>
#include <sys/stat.h>

#include "restore-int.h"

/* true when sb (the object at r->to, r the "renamed" record being undone,
 * x->cur) is a folder this restore made for no record (rs_made_anon()),
 * and every record of the cycle after r that names r->to itself is a move
 * or a metadata record of r's object (by identity; not a removal, a
 * creation, another object's move): from r to the end of the run the
 * folder at r->to was r's, so the parent made there for a later record's
 * path stands for it, and moving it back takes that path's restored
 * object home with it (mkdir n; mv a.txt n/; mv n d; rm -rf d: a.txt came
 * back as d/a.txt). Nothing is opened or changed. */
bool rs_anon_was_moved(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb);

#endif
