/* notify-openhow.h - the open flags the supervisor passes on to its own
 * open (notify-ops.c), and openat2(2)'s struct open_how read once
 * (notify-openhow.c). Linux only; internal to the notify-*.c files. */
#ifndef FSJAIL_NOTIFY_OPENHOW_H
#define FSJAIL_NOTIFY_OPENHOW_H

#include <fcntl.h>
#include <stdint.h>

struct job;

/* Open flags passed on to the supervisor's own open. */
#define NJ_KEEP_FLAGS \
	(O_ACCMODE | O_APPEND | O_NONBLOCK | O_DSYNC | O_SYNC | O_DIRECT | O_NOATIME | O_DIRECTORY)

/* openat2's struct at j->c->how (j->c->how_size bytes), read once from
 * the caller. Returns 0 with *flags (without O_LARGEFILE), *mode and
 * *resolve set; or answers the call and returns -1: EINVAL for a struct
 * too small, unknown flags or resolve bits, a mode without O_CREAT or
 * O_TMPFILE, or O_PATH with other flags; E2BIG for a larger struct with
 * a non-zero tail or more than 4096 bytes (refused and recorded); EACCES
 * when its memory cannot be read (recorded); EAGAIN for RESOLVE_CACHED
 * (the caller retries without it). */
int nj_read_how(struct job *j, uint64_t *flags, uint64_t *mode, uint64_t *resolve);

#endif
