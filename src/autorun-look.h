/* autorun-look.h - one look at a file of the snapshot (for autorun.c
 * before the run, autorun-warn.c after it). */
#ifndef FSJAIL_AUTORUN_LOOK_H
#define FSJAIL_AUTORUN_LOOK_H

#include <stdbool.h>
#include <stddef.h>

#include "autorun-int.h"

/* s (s->path set) as it is now: s->exists, s->st, and its content
 * (s->data, a buffer the caller frees, s->len) while *budget (bytes)
 * allows, read without following a symlink put there since the lstat
 * and without waiting on a FIFO; *budget goes down by what is kept. No
 * error: a file that cannot be looked at does not exist, one that cannot
 * be read has no content (compared by identity). */
void autorun_look(struct seen *s, size_t *budget);

/* Whether a and b are one file unchanged: by content where both were
 * kept, else by existence, identity, size, mode and change time. */
bool autorun_same(const struct seen *a, const struct seen *b);

#endif
