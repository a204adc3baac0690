/* trash.h - deletes go to the user's trash (DESIGN.md section 9): Linux
 * the freedesktop.org Trash specification 1.0 ($XDG_DATA_HOME/Trash/files
 * plus info/NAME.trashinfo with Path= URL-encoded and DeletionDate=);
 * macOS ~/.Trash (Finder's, no info file). */
#ifndef FSJAIL_TRASH_H
#define FSJAIL_TRASH_H

#include <stddef.h>
#include <time.h>

#include "util.h"

/* Move the regular file or symlink name in the directory dirfd (opened by
 * the caller without following symlinks) to home's trash; path is its
 * absolute path (recorded in the .trashinfo). A name already in the trash
 * gets a suffix ".2", ".3", ...; the .trashinfo is made first with O_EXCL
 * (it reserves the name), then the file is renamed in with
 * RENAME_NOREPLACE; across filesystems (EXDEV) a regular file is copied
 * (mode kept, fsynced) and then unlinked. Folders are made 0700 without
 * following symlinks. *trashed_as (may be NULL) gets the new absolute path
 * (caller frees). Returns 0, or -1 with err and errno set (the file is
 * then where it was). */
int trash_move_at(const char *home, int dirfd, const char *name, const char *path,
		  char **trashed_as, struct fsj_error *err);

/* trash_move_at() for an absolute path: its parent is opened with
 * RESOLVE_NO_SYMLINKS on Linux (O_NOFOLLOW per component elsewhere is not
 * done: macOS opens the parent as named). */
int trash_move(const char *home, const char *path, char **trashed_as, struct fsj_error *err);

/* Open the absolute folder dir, making missing components 0700, never
 * following a symlink. Returns a descriptor or -1 with errno set. */
int trash_open_dir(const char *dir);

/* ---- trash_batch.c: entries made from links when a run ends ---- */

/* A removed file, kept as src in a folder the caller holds. */
struct trash_item {
	const char *path; /* where it was removed from (absolute, normalised) */
	const char *src;  /* its name in srcdir */
	time_t when;      /* when it was removed */
};

/* Put v[0..n) (sorted by path) in home's trash as hard links of
 * srcdir/src, never following a symlink in the trash: the files under a
 * folder that no longer exists (its parent does) go in as one entry named
 * for that folder, with the folders between rebuilt (0700); every other
 * file as an entry of its own. One .trashinfo per entry (Path= the
 * folder or file, DeletionDate= the earliest removal in it), names as
 * trash_move_at() gives them. Nothing is fsynced (the cycle holds every
 * file). Returns the number of files not put in. */
size_t trash_batch_put(const char *home, int srcdir, const struct trash_item *v, size_t n);

/* "Path=" encoding of the specification: RFC 2396 escaping of every byte
 * but unreserved characters and '/'. Returns a new string (caller frees). */
char *trash_url_encode(const char *path);

#endif
