/* restore.h - `fsjail backups restore`: put every path one cycle touched
 * back to its state before the cycle (DESIGN.md section 9, issue 14 item
 * 3). The cycle's records (manifest.h) are undone newest first, each one
 * checked against what is on disk now, so a second restore finds nothing
 * to do:
 *   content/remove  the saved content goes back in place (the existing
 *                   inode is opened, written and truncated: every hard
 *                   link sees it, and no newer cycle's record of that
 *                   inode is invalidated), with mode, owner (as root) and
 *                   times; a missing file is made again with its folders
 *   renamed         the file or folder at "to", when it is still that
 *                   inode (or a folder this restore made again), moves
 *                   back to "from" (never over an existing file; the
 *                   second half of an exchange swaps the two back)
 *   created         what the run made goes into the restore's own cycle
 *                   (restore-take.h; a folder once empty, else left)
 *   rmdir           the folder is made again with its mode
 *   meta            mode, owner (as root) and times go back on the object
 *                   of that type now at the path
 *   special         a removed symlink (its target) or FIFO is made again
 * What went back with a renamed file or folder is not made again beside
 * it (a second restore finds it at its old name). A dry run follows what
 * its own move-backs and trashes would have done.
 * Every path is walked from "/" with O_NOFOLLOW|O_DIRECTORY opens and
 * worked on with *at() calls: a symlink planted on the way is refused,
 * never followed. */
#ifndef FSJAIL_RESTORE_H
#define FSJAIL_RESTORE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "backup.h"
#include "manifest.h"

struct restore_opts {
	bool dry_run;              /* decide and report, change nothing */
	const char *home;          /* whose trash takes created files; NULL: refuse those */
	char *const *paths;        /* only records touching these (normalised) paths */
	size_t npaths;             /* 0: every record */
	struct backup_cycle *undo; /* keeps what an in-place restore overwrites; may be NULL */
	/* The own cycles of restores made after the cycle restored: what they
	 * made again (restore-remade.h); may be NULL (nremade 0). */
	const struct manifest *remade;
	size_t nremade;
	/* Paths a later restore of an older run put back to before that run,
	 * sorted (strcmp): already before this cycle, left (restore-remade.h);
	 * may be NULL (nsettled 0). */
	char *const *settled;
	size_t nsettled;
	/* Called after each record (done of total), e.g. for progress on a
	 * terminal; may be NULL. */
	void (*progress)(size_t done, size_t total, void *arg);
	void *arg;
};

struct restore_counts {
	unsigned long changed; /* actions done (or, dry, that would be done) */
	unsigned long failed;  /* actions refused or failed */
	unsigned long matched; /* records that touched a wanted path */
};

/* Undo the records of m (read from the cycle folder cyclefd, whose
 * files/ holds the saved content) newest first. Each action is appended
 * to actions (a cJSON array) as {"action", "path", "to"?, "ok", "detail"?}
 * with action one of "restore-content", "recreate", "move-back",
 * "swap-back", "trash", "remove-folder", "mkdir", "restore-meta",
 * "refuse", "not-saved", "leave", "attrs-lost" (extended attributes
 * not kept, restore-take.h); nothing is appended for
 * a record already in its restored state. Returns 0 when every action
 * succeeded (counts in *c), -1 when some failed (their "ok" is false and
 * "detail" says why). Never follows a symlink; see above. */
int restore_cycle(int cyclefd, const struct manifest *m, const struct restore_opts *o,
		  cJSON *actions, struct restore_counts *c);

/* The same for the n cycles (folders cyclefds, names) of runs that
 * overlapped, m every record of them in one order (restore-group.h; a
 * record's "part" is its cycle's index): each action also names its
 * record's cycle ("cycle"). */
int restore_cycles(const int *cyclefds, const char *const *names, size_t n,
		   const struct manifest *m, const struct restore_opts *o, cJSON *actions,
		   struct restore_counts *c);

/* true when the record r touches one of the npaths paths (itself or
 * beneath it, whole components), or npaths is 0. */
bool restore_wanted(const struct manifest_rec *r, char *const *paths, size_t npaths);

#endif
