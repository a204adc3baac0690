/* runtmp-end.h - the run's private folder (runtmp.h) removed while the
 * supervisor finishes the run: on a file system that discards freed blocks
 * at once (ext4 mounted with discard and no journal), the folder's rmdir
 * waits for the device, and the backup commit and the rest need not wait
 * with it (issue 12, bench/RESULTS-git thirteenth pass). */
#ifndef FSJAIL_RUNTMP_END_H
#define FSJAIL_RUNTMP_END_H

#include "runtmp.h"

/* Begin removing dir (from runtmp_make(); NULL accepted) in a thread of
 * its own, as runtmp_remove() would; call once the command has ended.
 * Returns NULL when the thread took dir, else dir itself (no thread: the
 * caller still owns it). Main thread; one removal at a time. */
char *runtmp_remove_start(char *dir);

/* runtmp_remove(dir) (NULL: nothing), then wait until the removal begun
 * by runtmp_remove_start() has ended, if one has. Main thread. */
void runtmp_remove_end(char *dir);

#endif
