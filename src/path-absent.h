/* path-absent.h - names the path memo (path-memo.h) found missing, answered
 * again without a lookup while their folder is shown unchanged (issue 18).
 *
 * The Landlock compiler looks up every rule path once more (node_stat), a
 * second lstat(2) for each name the resolution found missing a moment
 * before: ~90 of them under $HOME for the baseline's toolchain files. In a
 * batch (path_absent_batch()), such a name is answered ENOENT when its
 * folder, lstat(2)ed once per batch, still has the device, inode, mtime and
 * ctime the memo kept from before the name was found missing, that ctime
 * lies more than PATH_ABSENT_RACY_S before the memo was turned on (git's
 * racy-clean rule: a change in the same clock tick as the memo's lstat
 * could leave both times as they were), and the folder lies on a
 * filesystem with exact, local timestamps (fsj_fs_exact()). Adding,
 * removing or renaming an entry sets the folder's mtime and ctime, which
 * no program can set back (utimensat(2) sets ctime to now); a folder
 * renamed, mounted or symlinked over the path answers another inode, a
 * symlink or another device. A name under a missing folder is missing
 * while that folder is. Otherwise the name is looked up as before. Only
 * while the memo is on; one thread. */
#ifndef FSJAIL_PATH_ABSENT_H
#define FSJAIL_PATH_ABSENT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#define PATH_ABSENT_RACY_S 2

/* The memo was turned on (on: the first time since off, its time is kept)
 * or off (every name forgotten). */
void path_absent_span(bool on);

/* path (len bytes) was found missing (lstat(2): ENOENT) while the memo was
 * on: kept (copied) when its folder's struct stat was kept before, or the
 * folder was noted missing. folder_then gives the memo's kept struct stat
 * of a folder (path, length) into *st, true when kept. errno is kept. */
void path_absent_note(const char *path, size_t len,
		      bool (*folder_then)(const char *dir, size_t dlen, struct stat *st));

/* Whether path (len bytes) may be answered ENOENT now without a lookup:
 * only in a batch, when noted missing as described above, or under a
 * folder that may be. folder_then as for path_absent_note(). */
bool path_absent_known(const char *path, size_t len,
		       bool (*folder_then)(const char *dir, size_t dlen, struct stat *st));

/* Start (on) or end a batch: a stretch of lookups with nothing made in
 * between by fsjail (the compiler's node_stat). Each folder is checked once
 * per batch. */
void path_absent_batch(bool on);

/* Names answered without a lookup since the memo was turned on (tests). */
unsigned long path_absent_hits(void);

#endif
