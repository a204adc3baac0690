/* restore-content.h - a file's content and mode put back by undo_saved()
 * (restore.c). For restore*.c only. */
#ifndef FSJAIL_RESTORE_CONTENT_H
#define FSJAIL_RESTORE_CONTENT_H

#include <stdbool.h>

#include "restore-int.h"

/* Open name in the folder pfd for reading and writing when it is a
 * regular file of ours whose mode keeps us out (u+rw added first; the
 * content's restore sets the saved mode after). Returns a descriptor the
 * caller closes, or -1 with errno set (EACCES: not ours, not regular). */
int rs_open_owner_rw(int pfd, const char *name);

/* Copy src's bytes over fd (truncated to them), then the mode, owner and
 * times of r's first record (rs_first_rec(): as before the run). Returns
 * 0, or -1 with errno set. */
int rs_put_content(const struct rctx *x, int src, int fd, const struct manifest_rec *r);

/* true when fd already holds src's bytes with the mode and mtime
 * rs_put_content() would give it. */
bool rs_same_state(const struct rctx *x, int fd, int src, const struct manifest_rec *r);

#endif
