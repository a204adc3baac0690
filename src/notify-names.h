/* notify-names.h - the names the supervisor moves or removes (rename,
 * link: notify-rename.c; unlink, rmdir: notify-unlink.c): read and looked
 * up in the caller's view, still the object looked at, and not a mount
 * point there. Linux only; internal to the notify-*.c files. */
#ifndef FSJAIL_NOTIFY_NAMES_H
#define FSJAIL_NOTIFY_NAMES_H

#include <stdbool.h>

#include "notify-int.h"

/* Read both paths of j's rename or link once (j->c->path, path2) and look
 * them up into *a and *b (the first with lk; with empty_is_fd, an empty
 * first path names the descriptor dirfd itself: AT_EMPTY_PATH). true with
 * both filled (the caller releases them: nj_done_two()); false after
 * answering, with nothing held: a refusal of a lookup is recorded with
 * cap_a for the first name (a rename's delete, a link's create) and
 * create for the second, what the call tried there. */
bool nj_find_two(struct job *j, unsigned lk, bool empty_is_fd, enum fsj_cap cap_a, struct loc *a,
		 struct loc *b);

/* Answer j with e unless it is answered (e < 0): EROFS at the new name
 * *b in a folder a read deny hides is recorded (nj_answer_make_failed());
 * release *a and *b. Returns 0. */
int nj_done_two(struct job *j, int e, struct loc *a, struct loc *b);

/* true when the name of l (l->parent, l->name) no longer names the
 * object looked at (its st_dev and st_ino), or names nothing now. */
bool nj_name_changed(const struct loc *l);

/* true when l's object is the root of a mount in the caller's view (a
 * read deny's HIDE mask, a READONLY bind, a pin, a tool cache). false
 * when l has no object, or it is not one. No errors. */
bool nj_mounted_here(const struct loc *l);

/* true when l's object is a mount in the caller's view over another
 * object than the host's at l's name (a HIDE mask: an empty read-only
 * file or folder; not a READONLY bind of the path onto itself), looked
 * at through the host's folder (nj_host_parent()); false where that
 * folder cannot be had. nj_save() keeps no backup of such an object: the
 * empty mask was saved as .env's content and a restore emptied .env; the
 * write through it fails (EROFS). No errors. */
bool nj_hides_host_file(struct job *j, const struct loc *l);

/* true when l's object is the root of a mount in the caller's view: a
 * mount mask (a read deny's HIDE mask, a READONLY bind), a pin, a tool
 * cache. The kernel refuses the caller's rename or removal of it (EBUSY),
 * but the supervisor acts by name from its own mount namespace, where it
 * is no mount point: the rename or unlink would reach the file beneath
 * (the host's .env, while the backup copied the empty mask) and detach
 * the mount in the caller's namespace. The refusal is recorded for l's
 * path and cap (naming the read deny's rule where its read deny hides
 * it); the caller answers EBUSY. false when it is not one, or l has no
 * object. */
bool nj_mount_root(const struct job *j, const struct loc *l, enum fsj_cap cap);

#endif
