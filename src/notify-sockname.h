/* notify-sockname.h - what the command bound: abstract Unix names, and
 * the address a pathname socket bound by the supervisor reports to
 * getsockname(2) (notify-sockname.c). Linux only; internal to the
 * notify-*.c files. */
#ifndef FSJAIL_NOTIFY_SOCKNAME_H
#define FSJAIL_NOTIFY_SOCKNAME_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

struct job;
struct notify;

/* The abstract name (n bytes after the leading NUL) was bound by the
 * command in this run. */
bool notify_abstract_known(const struct notify *nt, const char *name, size_t n);
/* Remember it (at most 4096 names of at most 255 bytes: past that, not). */
void notify_abstract_note(struct notify *nt, const char *name, size_t n);
/* Remember that the socket s (our descriptor; not kept) was bound, for
 * the command, to the pathname it asked for: path (a C string of at most
 * sizeof(sun_path) bytes, as the command wrote it). Silent on failure
 * (getsockname then gives the name the kernel stored, as before). */
void notify_sockname_note(struct notify *nt, int s, const char *path);
/* getsockname(2): a socket recorded by notify_sockname_note() gets the
 * recorded address written into the caller's memory as the kernel writes
 * one; anything else, and every i386 caller's (direct or by socketcall),
 * is performed by the kernel (SECCOMP_USER_NOTIF_FLAG_CONTINUE). Always
 * answers. */
void notify_op_sockname(struct job *j);

#endif
