/* restore-group.h - the cycles `fsjail backups restore` undoes together
 * (issue 14, att5). Two runs on one workspace at once interleave their
 * acts on the same names: run A removes P, run B renames q0 onto P, A
 * removes P again. Each cycle alone is right, but undoing one and then
 * the other replays neither order (q0's bytes went back into P, and q0
 * was lost). Every record written under the workspace lock carries its
 * place in the one order of that workspace's acts (hostlock_seq()); the
 * cycles whose ranges of places overlap are undone as one, every record
 * of them newest first in that order, whichever of them was asked for
 * (restore.h restore_cycles()). */
#ifndef FSJAIL_RESTORE_GROUP_H
#define FSJAIL_RESTORE_GROUP_H

#include <stddef.h>

#include "backup_store.h"
#include "manifest.h"

/* At most this many cycles are undone together (a descriptor and a
 * manifest each); a longer chain of overlapping runs is refused. */
#define RESTORE_GROUP_MAX 256

/* The cycles of v (n, oldest first) to undo with v[pick]: v[pick] and
 * every kept run cycle (not a restore's) of the same workspace whose
 * records' sequence range overlaps the range of one already in, over and
 * over; indexes into v, oldest first, *nout of them (at least 1; caller
 * frees). A cycle with no sequence numbers (fsjail before them, the
 * snapshot method, a run without a workspace lock) overlaps none, and one
 * that cannot be read is left out. NULL with *nout 0: more than
 * RESTORE_GROUP_MAX. */
size_t *restore_group_find(const struct backup_store_cycle *v, size_t n, size_t pick, size_t *nout);

/* Every record of the n manifests ms in the order of the acts: by seq; a
 * record without one right after the record before it in its manifest
 * (the first ones at the manifest's start time); ties by manifest, then
 * line. Each record's "part" is the index of its manifest. out borrows
 * ms's strings (its header fields are NULL): release it with
 * restore_group_merged_release(), before ms. */
void restore_group_merge(const struct manifest *ms, size_t n, struct manifest *out);
void restore_group_merged_release(struct manifest *out);

#endif
