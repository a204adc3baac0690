/* autorun-read.h - the workspace's files read by workspace-autorun as
 * hostile input, bounded: a whole file, a folder's names. */
#ifndef FSJAIL_AUTORUN_READ_H
#define FSJAIL_AUTORUN_READ_H

#include <stddef.h>

/* Names of one folder looked at for a pattern: a larger folder is read
 * this far. */
#define AUTORUN_GLOB_NAMES 65536

/* The whole of fd, a regular file (fstat) of at most max bytes, read to
 * its end (a file that grew past max meanwhile is refused): a buffer the
 * caller frees, *len its length; NULL when it is not such a file or a
 * read fails. Also autorun.c's snapshot. */
char *autorun_read_max(int fd, size_t max, size_t *len);

/* pattern: an absolute path whose last component is a shell glob pattern
 * (fnmatch(3), FNM_PERIOD: * ? [...]) and whose folder has none. Calls
 * each(arg, path) for every name in that folder that matches (path
 * borrowed for the call), the first AUTORUN_GLOB_NAMES names looked at;
 * nothing when the folder has a pattern character, is not a folder
 * (a symlink at its last component is not followed) or cannot be read. */
void autorun_glob(const char *pattern, void (*each)(void *arg, const char *path), void *arg);

#endif
