/* notify-rename.h - the trapped rename and link calls (notify-rename.c),
 * which notify_handle() (notify-ops.c) hands over. Linux only; internal
 * to the notify-*.c files. */
#ifndef FSJAIL_NOTIFY_RENAME_H
#define FSJAIL_NOTIFY_RENAME_H

struct job;

/* rename, renameat, renameat2 (j->c: both paths and the flags;
 * RENAME_WHITEOUT refused, EPERM): performed by the supervisor with
 * renameat2() on the folders it holds once the policy and the listener's
 * checks allow it and the backup is taken (a git file's rename may be
 * settled by notify-gitcfg.c or notify-newrepo.c instead), else refused
 * and recorded. Always answers; returns 0. */
int notify_op_rename(struct job *j);
/* link, linkat (AT_SYMLINK_FOLLOW, AT_EMPTY_PATH): a new name for an
 * existing file (a folder: EPERM), checked and performed the same way
 * with linkat(). Always answers; returns 0. */
int notify_op_link(struct job *j);

#endif
