/* notify-gitfile.h - the .git files (a submodule's or linked worktree's
 * pointer) the listener makes again with their start-of-run bytes
 * (notify-gitfile.c). */
#ifndef FSJAIL_NOTIFY_GITFILE_H
#define FSJAIL_NOTIFY_GITFILE_H

/* Before the command starts: keep the bytes of the .git file at path
 * (absolute; a regular file of at most 4 KiB starting "gitdir: ", opened
 * without following a symbolic link) that the start-of-run scan protects
 * (a submodule's or linked worktree's pointer): a create of that name in
 * the run lands these bytes, not the caller's (notify-gitfile.c), so git
 * submodule deinit then update works in one run. Returns 0, or -1 when
 * the file does not qualify (nothing kept). notify_forget_gitfiles()
 * frees all kept, and the records of moves (nj_gitfile_moved()). */
int notify_keep_gitfile(const char *path);
void notify_forget_gitfiles(void);

#endif
