/* restore-remade.h - what earlier restores made again, read by a later
 * restore of an older run (issue rest13 item 2). Undoing runs one by one,
 * newest first: run 1 made refs/stash (git stash), run 2 removed it (git
 * stash drop); the restore of run 2 makes it again as a new file, a new
 * inode. The restore of run 1 then found another file than run 1 made
 * at the name and left it, while it took the objects refs/stash names
 * (run 2 had not removed those): `git fsck` found refs/stash naming a
 * missing object. Each object a restore makes again is recorded in its
 * own cycle ("created" with for_dev, for_ino: backup_keep_made()); a
 * restore of an older run reads the later restores' records and takes
 * such an object as the one its run made. Not for other callers. */
#ifndef FSJAIL_RESTORE_REMADE_H
#define FSJAIL_RESTORE_REMADE_H

#include <stdbool.h>
#include <sys/stat.h>

#include "backup_store.h"
#include "restore-int.h"

/* The manifests of the restores' own cycles of v (n, oldest first) made
 * after the cycle named oldest: read into *out (an array, *nout of them;
 * release with restore_remade_free()). A cycle that cannot be read is
 * left out (its objects are then left by the restore, and said). */
void restore_remade_load(const struct backup_store_cycle *v, size_t n, const char *oldest,
			 struct manifest **out, size_t *nout);
void restore_remade_free(struct manifest *v, size_t n);

/* The paths (sorted by strcmp, no two alike) that a restore made after
 * the cycle named oldest undid as a run cycle older than oldest (its
 * command "fsjail backups restore --cycle NAME", whole: one of PATH...
 * only names them after NAME, and is not read): each path and "to" of
 * that run's records, only those the restore settled (recorded in its
 * own cycle, or absent now: not one it left holding another file, att10).
 * Undoing runs out of order (the older first), the
 * later run's restore must leave them: the older run's restore put them
 * back to before both runs (restoring the later run's version of them
 * would bring back what the older run did: an index naming objects its
 * restore took). remade: restore_remade_load()'s. *out (caller frees,
 * each string too), *nout. */
void restore_remade_settled(const struct backup_store_cycle *v, size_t n, const char *oldest,
			    const struct manifest *remade, size_t nremade, char ***out,
			    size_t *nout);

/* true when r names a path x->o's settled list holds; a "leave" action
 * says so once per path. */
bool rs_settled(struct rctx *x, const struct manifest_rec *r);

/* true when sb, the object at path (name in the folder pfd, not
 * followed) now, is r's object made again by a later restore (x->o's
 * remade records, following a chain of them: a restore's object made
 * again by another restore), each record of path, and the object not born
 * after the newest record said it was made. */
bool rs_remade_is(const struct rctx *x, const struct manifest_rec *r, const char *path, int pfd,
		  const char *name, const struct stat *sb);

/* The object name (in pfd, not followed) stands for r's object in the
 * rest of this restore (rs_made_is(); a later record of it at another
 * name: a file made again, moved back by this restore). r NULL or
 * without an identity: the object was made for no record (a parent
 * folder), and no record's object is taken for it (rs_gone_with_folder()).
 * The descriptor is owned by x; nothing is kept when name cannot be opened. */
void rs_made_keep(struct rctx *x, const struct manifest_rec *r, int pfd, const char *name);

/* This restore made the object name (in pfd) at path again for r's
 * object (r may be NULL, or without an identity: none): recorded in the
 * restore's own cycle (backup_keep_made()), and kept for the rest of this
 * restore (rs_made_keep(): an older run's record of r's object, cycles
 * restored together); not in a dry run. A record that cannot be written
 * is said (a "leave" action). */
void rs_note_remade(struct rctx *x, const struct manifest_rec *r, const char *path, int pfd,
		    const char *name);

#endif
