/* repometa-int.h - what repometa.c and repometa-walk.c share: the visit
 * of one work tree top, and the walk of the workspace. */
#ifndef FSJAIL_REPOMETA_INT_H
#define FSJAIL_REPOMETA_INT_H

#include <stdbool.h>

#include "repometa.h"

/* dir/.git, dir a work tree top (absolute, normalised): a folder is the
 * gitdir; a file says "gitdir: X". Adds what it protects to m. Returns
 * whether dir has a .git entry of any type. */
bool repometa_visit_dotgit(struct repometa *m, const char *dir, const char *home);

/* Walk workspace breadth first within REPOMETA_MAX_DEPTH and
 * REPOMETA_MAX_ENTRIES, visiting the .git of every folder, and record
 * every folder looked at in m->dirs. prev (may be NULL): an earlier walk
 * of the same workspace; a folder whose identity and change time show
 * its entries unchanged since then is not read again (its .git entry, if
 * it had one, is visited again). */
void repometa_walk(struct repometa *m, const char *workspace, const char *home,
		   const struct repometa *prev);

/* Whether the filesystem holding workspace keeps ctime well enough for a
 * walk to reuse an earlier one (local: ext2/3/4, XFS, Btrfs, tmpfs). */
bool repometa_walk_trusted(const char *workspace);

/* --- repometa-cache.c: the last walk of each workspace, in dir --- */

/* Load the walk of workspace kept in dir into *out (folders and walk time
 * only; release with repometa_release()). false, *out empty, when there
 * is none or it is not exactly what repometa_cache_save() writes. */
bool repometa_cache_load(const char *dir, const char *workspace, struct repometa *out);

#endif
