/* backup_inherited.h - ModifyBackup of the files the command inherits
 * open (DESIGN.md section 9). `fsjail run -- cmd 3<>file` or `>> log`
 * hands the command a descriptor opened before the run: its writes,
 * ftruncate, fallocate and MAP_SHARED stores never pass an open the
 * listener traps, so the file is saved before the command starts. */
#ifndef FSJAIL_BACKUP_INHERITED_H
#define FSJAIL_BACKUP_INHERITED_H

#include "backup.h"

/* Linux, the interception method, in fsjail before the fork: for every
 * descriptor the command will inherit (0-2, and any other without
 * close-on-exec) that is a writable regular file with a name under
 * workspace (absolute; a file elsewhere, such as a log the caller
 * redirects to, is the caller's own choice to hand over and is not saved,
 * although restore brings back what the run changed there by name), keep its
 * content in bc (backup_before_change(CONTENT), keyed by its identity;
 * temporary directories and the size cap as there). bc: the run's cycle
 * (borrowed; NULL: nothing to do). Returns 0, or -1 with err set when
 * /proc/self/fd cannot be listed or a backup cannot be kept (ENOSPC,
 * backup.on_too_large: refuse, a name that cannot be read): the caller
 * must not run the command. */
int backup_inherited_fds(struct backup_cycle *bc, const char *workspace, struct fsj_error *err);

/* Whether backup_inherited_fds() saw a descriptor the command inherits
 * that can write a file named .git, HEAD, commondir or gitdir (anywhere):
 * its writes pass no call the listener traps, so the walk after the run
 * (cmd_run.c) must look again. */
bool backup_inherited_repo_writer(void);

#endif
