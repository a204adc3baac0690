/* restore-when.h - whether what a restore finds changed after the runs it
 * undoes (restore-when.c; restore-int.h is the rest of the restore's
 * inside). Not for other callers.
 *
 * "Changed after the run" is judged by the inode change time against the
 * end of the runs (commit.json's mtime). The restore's own actions change
 * that time too: taking the second name the run gave a file (ln B A),
 * moving a file back, linking a name back all touch the inode's ctime. So
 * the judge is each object's ctime as it was before this restore's first
 * action (fix27), not as the restore left it. */
#ifndef FSJAIL_RESTORE_WHEN_H
#define FSJAIL_RESTORE_WHEN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <time.h>

#include "restore-int.h"

/* One object seen at a record's path before the restore acted. */
struct rs_seen {
	dev_t dev;
	ino_t ino;
	struct timespec ctime;
};

/* What x->when holds (owned by x; rs_when_end() frees it). */
struct rs_when {
	struct timespec *ended; /* by part: when its run ended (0: not known) */
	struct rs_seen *seen;   /* sorted by dev, ino */
	size_t nseen;
};

/* Before the first record: when each of the n cycles (folders cyclefds)
 * ended, and the identity and ctime of the object at each path the
 * records of x->m name (its folder reached without following a symlink,
 * rs_open_parent(), and the object itself not followed; a path that
 * cannot be reached now is skipped), into x->when. Nothing fails: an
 * allocation failure aborts, as xcalloc() does. */
void rs_when_begin(struct rctx *x, const int *cyclefds, size_t n);

/* Frees x->when; x->when is NULL after. */
void rs_when_end(struct rctx *x);

/* true when sb (an object at r's path now) changed after the runs
 * restored ended: its ctime before this restore acted (rs_when_begin();
 * sb's own for an object not seen then) is later than the newest end of
 * their cycles. A run killed before it wrote commit.json: never said. */
bool rs_changed_after(const struct rctx *x, const struct manifest_rec *r, const struct stat *sb);

#endif
