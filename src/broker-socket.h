/* broker-socket.h - the broker's session folder $STATE/run/<session>/ and
 * the name of its socket broker.sock (broker.h): the folder made private at
 * start, both names removed once the command has ended (run-end.h) or
 * when the broker stops. */
#ifndef FSJAIL_BROKER_SOCKET_H
#define FSJAIL_BROKER_SOCKET_H

#include "broker.h"
#include "util.h"

/* Open (creating it 0700 when missing) the folder name in dirfd, refusing
 * a symlink, another owner, or access for group or others; shown names it
 * in errors. Returns a descriptor (the caller closes it) or -1 with err
 * set. */
int broker_private_dir(int dirfd, const char *name, const char *shown, struct fsj_error *err);

/* Remove the socket's name (when b made the socket) and the session
 * folder (when empty), as broker_free() does, leaving the socket open and
 * the thread serving: for when no new client can come (every process of
 * the command's pid namespace has ended); a connect by name then fails.
 * Safe while b's thread runs, which uses neither name; not at the same
 * time as broker_free(). Repeats and NULL are harmless. */
void broker_unlink(const struct broker *b);

#endif
