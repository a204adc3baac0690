/* hidetrack.h - what git in a run recorded of the paths a read deny hides
 * (hidetrack.c). A read deny on a path that exists is carried by a mount
 * mask: inside the run the file reads as empty and the folder as empty,
 * so git sees a tracked file emptied and a tracked folder's files
 * deleted, and `git add -A` or `git commit -a` records that in the
 * repository, which outlives the run (the files on disk are untouched).
 * fsjail cannot tell git's index write from any other, so it looks: the
 * index entries below each hidden path at the start, against the index
 * after the run, and says each one the run removed or changed. */
#ifndef FSJAIL_HIDETRACK_H
#define FSJAIL_HIDETRACK_H

#include <stdio.h>

struct ll_plan;
struct fsj_policy;

struct hidetrack;

/* Before the run: for each mask of plan that hides a path (LL_MASK_HIDE)
 * inside the git work tree that holds it (the nearest folder above it
 * with a .git folder or file), the index entries below that path (none
 * yet: git add may make one). Returns a new object (caller frees with
 * hidetrack_free()), or NULL when no hidden path lies in a work tree
 * (nothing to look at after the run).
 * plan and pol may be NULL (NULL returned). Never fails: an index that
 * cannot be read is skipped. */
struct hidetrack *hidetrack_snap(const struct ll_plan *plan, const struct fsj_policy *pol);

/* After the run: one note on out for each hidden path some of whose
 * entries the index no longer has, has with another object id, or has
 * anew (the mask's empty file added), with
 * the read deny's rule, at most 3 names and how many more. ht may be
 * NULL. Returns how many entries changed. */
unsigned long hidetrack_note(const struct hidetrack *ht, FILE *out);

void hidetrack_free(struct hidetrack *ht);

#endif
