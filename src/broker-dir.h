/* broker-dir.h - the broker's folders in the state folder (broker.c):
 * $STATE/run/ and the session's $STATE/run/SESSION/, which holds
 * broker.sock (DESIGN.md section 8), and the session folder a run leaves
 * empty kept as $STATE/run/+spare for the next run ('+' is in no session
 * id, broker_session_valid()): renamed into place and back instead of
 * made and removed, because removing a folder frees a block, which a
 * filesystem mounted with `discard` (ext4 without a journal) discards
 * while fsjail waits (0.3-0.8 ms a run, bench/RESULTS-git, thirteenth and
 * fourteenth passes). */
#ifndef FSJAIL_BROKER_DIR_H
#define FSJAIL_BROKER_DIR_H

#include "util.h"

/* Open (creating it 0700 when missing) the folder name in dirfd, refusing
 * a symlink or another owner, and taking access for group or others
 * away. shown: the path for messages. Returns a descriptor (caller
 * closes) or -1 with err set. */
int broker_private_dir(int dirfd, const char *name, const char *shown, struct fsj_error *err);

/* broker_private_dir() of session in run_fd (the open $STATE/run), the
 * spare renamed to that name first when it is an empty folder of ours (not
 * a symlink) and no folder of that name exists (renameat2
 * RENAME_NOREPLACE: two runs never share it; Linux). What was renamed is
 * then checked as any session folder is (ours, a folder, not a symlink,
 * 0700); anything else at the spare's name is left alone. */
int broker_session_dir(int run_fd, const char *session, const char *shown,
		       struct fsj_error *err);

/* At the end of a run, after broker.sock is gone: keep the session folder
 * as the spare when it is empty, ours, and no spare exists; else remove
 * it (rmdir: a folder with entries stays, as before). Errors ignored. */
void broker_session_dir_end(int run_fd, const char *session);

#endif
