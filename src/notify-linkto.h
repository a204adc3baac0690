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

/* After a call made a symbolic link appear as name in folder parent (not
 * closed here): keep it for linkkeep_sweep(), which judges it again once
 * the command has ended (linkkeep.h), with the caller's mount namespace.
 * Returns 0, or an errno when it cannot be kept: the caller then undoes
 * what it made and answers that errno (fail closed). */
int nj_linkto_keep(struct job *j, int parent, const char *name);

/* The same after a call that cannot be undone (a rename, a link of an
 * older link): a link that cannot be kept is said on stderr (path: its
 * name). For a folder moved there, every relative link in its tree is
 * kept (linkkeep_note_tree()). true when kept. */
bool nj_linkto_keep_or_say(struct job *j, int parent, const char *name, const char *path);

#endif
