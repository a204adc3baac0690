/* run-end.h - what the end of `fsjail run` removes from the file system,
 * removed while the supervisor finishes the run: the run's private folder
 * (runtmp.h) and the broker's socket name and session folder (broker-socket.h).
 * On a file system that discards freed blocks at once (ext4 mounted with
 * discard and no journal) each rmdir waits for the device; the backup
 * commit and the rest need not wait with it (issue 12, bench/RESULTS-git
 * thirteenth pass). */
#ifndef FSJAIL_RUN_END_H
#define FSJAIL_RUN_END_H

#include "broker-socket.h"
#include "runtmp.h"

/* Once the command has ended: begin removing dir (from runtmp_make(), as
 * runtmp_remove() does; NULL: none) and b's names (broker_unlink(); NULL:
 * none) in a thread of its own. Returns NULL when the thread took dir,
 * else dir itself (no thread: nothing begun, the caller still owns dir).
 * Main thread; one at a time. */
char *run_end_start(char *dir, const struct broker *b);

/* runtmp_remove(dir) (NULL: nothing), then wait until what run_end_start()
 * began has ended, if it began anything. Main thread; before
 * broker_free() of the broker given to run_end_start(). */
void run_end_wait(char *dir);

#endif
