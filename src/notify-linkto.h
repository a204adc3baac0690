/* notify-linkto.h - the listener's side of linkto.h: a symbolic link a
 * trapped call makes appear (symlink(2), link(2) of a symbolic link, a
 * rename or exchange moving one) may not lead where linkto_refused()
 * refuses. */
#ifndef FSJAIL_NOTIFY_LINKTO_H
#define FSJAIL_NOTIFY_LINKTO_H

#include <stdbool.h>

struct job;
struct loc;

/* Whether a symbolic link with target text may appear at l (its folder
 * held in l->parent, its path l->path): text resolved in the caller's
 * view from that folder (an absolute text from the caller's root),
 * following the links there, the missing rest lexically. true to go on;
 * false after refusing the call (EACCES, recorded as a refused create of
 * l->path with the rule of the target). A text that cannot be resolved
 * (procfs, a folder the supervisor cannot search) is refused. */
bool nj_linkto_ok(struct job *j, const struct loc *l, const char *text);

/* The same for the symbolic link obj (an O_PATH descriptor of it, from a
 * notify lookup) arriving at l: its text is read first; a link that
 * cannot be read is refused. */
bool nj_linkto_moved_ok(struct job *j, const struct loc *l, int obj);

#endif
