/* notify-worktree.h - the folders a submodule gitdir's core.worktree was
 * let name in this run, and what may arrive on their way (att16). The
 * guards are Linux only; the listener's threads call these (one lock). */
#ifndef FSJAIL_NOTIFY_WORKTREE_H
#define FSJAIL_NOTIFY_WORKTREE_H

#include <stdbool.h>

struct job;
struct loc;
struct stat;

/* A folder or a symbolic link: an object that shows names below its own
 * (the guard's "carries", notify-guard.c). */
bool nj_carries_names(const struct stat *st);

/* dir (absolute, normalised, resolved) is a folder a submodule gitdir's
 * core.worktree may be set to in this run (notify-gitcfg-check.c
 * submodule_worktree_ok(), called before it checks that no symbolic link
 * lies on the way): from now on nothing may put one there
 * (nj_worktree_arrival_ok()), which would send a host git's checkout of
 * the submodule out of the workspace. dir is copied; kept until
 * nj_worktree_forget(). */
void nj_worktree_note(const char *dir);

/* Whether an object may arrive at the name at (resolved; a rename's
 * target, a symbolic link made there) given the folders nj_worktree_note()
 * took: true when at is none of them and above none, or when the object is
 * a folder now named from (not NULL) in which the place of each such folder
 * below at is reached without a symbolic link. from NULL (a symbolic link,
 * or what an exchange puts there when it is not a folder): false at or
 * above a noted folder. */
bool nj_worktree_arrival_ok(const char *at, const char *from);

/* The guard's side (notify-guard.c): a rename of a to b (flags fl of
 * renameat2), or a symbolic link made at path, that
 * nj_worktree_arrival_ok() refuses is refused here (EACCES, said).
 * Return false after refusing. */
bool nj_worktree_guard_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl);
bool nj_worktree_guard_link(struct job *j, const char *path);

/* Free what nj_worktree_note() took (the end of a run). */
void nj_worktree_forget(void);

#endif
