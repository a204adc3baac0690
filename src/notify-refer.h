/* notify-refer.h - where an existing object may be given a new name by a
 * trapped rename or link (notify-refer*.c), for notify-rename.c. Linux
 * only; internal to the notify-*.c files. */
#ifndef FSJAIL_NOTIFY_REFER_H
#define FSJAIL_NOTIFY_REFER_H

#include <stdbool.h>

struct job;
struct loc;

/* The new name to (absolute) of the object from may grant no right its
 * old name does not (for a file: read, write, execute; for a folder: all
 * five). true when so; else the call is refused (EXDEV; EACCES where to
 * adds read to a mount mask, nj_hides_host_file()) with the first right
 * missing, on the OLD name (a grant there lifts it) and a reason naming
 * the new name and every right it would add; false then. */
bool nj_refer_ok(struct job *j, const struct loc *from, const char *to);

/* The undo rule for a rename or link of a to b (exchange:
 * RENAME_EXCHANGE): an object of a backed-up area may not be given a name
 * in a temporary folder (backup_path_is_temp()), through which nothing is
 * saved before it is changed or removed (its content, mode, times or
 * xattrs), nor come back from one by an exchange. true when it may
 * (or the run keeps no backups); false after answering EXDEV, unrecorded:
 * the answer the kernel gives where mount masks put the workspace and
 * each temporary folder on a mount of its own, so mv copies the file and
 * its unlink of the old name is saved as any delete is. */
bool nj_temp_cross_ok(struct job *j, const struct loc *a, const struct loc *b, bool exchange);

#endif
