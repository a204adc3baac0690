/* fdlimit.h - room for many open files (setrlimit(2), RLIMIT_NOFILE). */
#ifndef FSJAIL_FDLIMIT_H
#define FSJAIL_FDLIMIT_H

#include <sys/resource.h>

/* Raise the soft limit on open files of this process to its hard limit
 * (on macOS, which refuses RLIM_INFINITY there, to OPEN_MAX at most).
 * For a restore, which holds a descriptor of every file it made again
 * that another record may link back to (x->made, restore-int.h): a soft
 * limit of 1024 failed a restore of a larger `rm -rf` with EMFILE. fsjail
 * never uses select(2), so descriptors above FD_SETSIZE are safe.
 * Returns the soft limit now in force, 0 when it cannot be read. Nothing
 * is lowered; a failing setrlimit(2) leaves the limit as it was. */
rlim_t fsj_nofile_raise(void);

#endif
