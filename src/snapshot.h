/* snapshot.h - ModifyBackup without a hook, the "snapshot" method
 * (backup.method; DESIGN.md section 9; issue 15 item 4): before the
 * command starts, every regular file of the backed-up areas is cloned
 * (clonefile(2) on APFS, ioctl FICLONE on Btrfs/XFS), else copied when
 * under backup.max_size_mb, into a private staging folder of the state
 * directory (the command never sees it: state is unreadable from inside).
 * After the command ends the areas are walked again and compared with the
 * snapshot by identity (st_dev, st_ino), size, mtime and ctime, and by
 * content when only the ctime moved; the originals of exactly the files
 * that changed, were deleted or were renamed go into the run's backup
 * cycle through backup.h (so `fsjail backups restore` reads one format for
 * both methods), with the folders removed, the renames and the files
 * created; the rest of the snapshot is dropped.
 *
 * What it cannot do: a change made after the command's exit by a process
 * it left behind is not seen; a file over the size cap on a filesystem
 * without clones is not kept (said on stderr, like the listener's skip);
 * areas do not cross mount points; a run killed before the comparison
 * leaves its staging folder (STATE/sessions/S/.snapshot-C) behind. */
#ifndef FSJAIL_SNAPSHOT_H
#define FSJAIL_SNAPSHOT_H

#include <stddef.h>

#include "backup.h"
#include "util.h"

struct snapshot;

struct snapshot_opts {
	const char *state_dir;       /* fsjail's state (absolute, exists) */
	const char *session, *cycle; /* the run's cycle (backup_cycle_session/name) */
	unsigned long long max_size; /* bytes; files over it are copied never (0: no cap) */
	char *const *areas;          /* absolute resolved folders to snapshot */
	size_t n_areas;
};

/* What taking the snapshot cost (the report, bench/run-snapshot.sh). */
struct snapshot_cost {
	unsigned long files, folders, links; /* entries seen */
	unsigned long cloned, copied;        /* files saved by clone, by copy */
	unsigned long not_kept;              /* over the cap, no clone: not saved */
	unsigned long long bytes_copied;     /* bytes written by copies */
	double seconds;                      /* wall time of the whole snapshot */
};

/* Take the snapshot of o->areas (see above). Returns the snapshot (free
 * with snapshot_free()) with *cost filled, or NULL with err set when the
 * staging folder cannot be made or an area cannot be read (fail closed:
 * the caller does not run the command). */
struct snapshot *snapshot_take(const struct snapshot_opts *o, struct snapshot_cost *cost,
			       struct fsj_error *err);

/* After the command: compare the areas with the snapshot and record into
 * bc (backup.h) what changed, then remove the staging folder. Returns the
 * number of paths recorded, or -1 with err set (what could be recorded
 * is). */
long snapshot_finish(struct snapshot *s, struct backup_cycle *bc, struct fsj_error *err);

/* Free s, removing its staging folder when snapshot_finish() did not. */
void snapshot_free(struct snapshot *s);

/* One line describing cost ("snapshot: N files (C cloned, K copied ...)"),
 * caller frees. */
char *snapshot_cost_text(const struct snapshot_cost *cost);

#endif
