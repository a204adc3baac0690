/* metaopen.h - whether a mode or owner change opens a file or folder to
 * other local users: the one test the seccomp listener
 * (notify-meta-open.c) and the broker's chmod (broker-hostact.c) apply to
 * what the run did not make. Pure: no system call. */
#ifndef FSJAIL_METAOPEN_H
#define FSJAIL_METAOPEN_H

#include <sys/types.h>

/* old: the object's st_mode (type bits included), new: the mode after the
 * change (same type); ouid/ogid: its owner and group now, nuid/ngid:
 * after ((uid_t)-1, (gid_t)-1: unchanged). Returns a static reason when
 * the change adds write for group or others, takes the sticky bit from a
 * folder group or others may write, gives the object to another uid, or
 * gives a group-writable object to another group; NULL otherwise. */
const char *metaopen_why(mode_t old, mode_t new, uid_t ouid, uid_t nuid, gid_t ogid, gid_t ngid);

#endif
