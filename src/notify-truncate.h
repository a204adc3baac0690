/* notify-truncate.h - a trapped truncate, performed by the supervisor
 * (notify-truncate.c). */
#ifndef FSJAIL_NOTIFY_TRUNCATE_H
#define FSJAIL_NOTIFY_TRUNCATE_H

#ifdef __linux__
struct job;

/* Perform the truncate of j's call (path j->c->path relative to
 * j->c->dirfd, length j->c->length bytes) on the regular file it names,
 * following a final symlink, once the policy grants write there, the
 * repository guard and the hard-link check allow it and its backup is
 * taken; answer the caller with the result (0 or an errno: ENOENT,
 * EISDIR, EINVAL, EACCES, or what ftruncate(2) said). A refusal is
 * answered and recorded by the checks themselves. Returns 0. */
int notify_op_truncate(struct job *j);
#endif

#endif
