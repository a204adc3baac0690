/* peerq.h - who the broker's peer really is when the supervisor connected
 * for it. The seccomp listener performs every connect(2) of the command
 * (notify-sock.c), so SO_PEERCRED of a connection to the run's broker
 * socket names the supervisor itself, not the command. Before it connects
 * a caller to the broker socket, the listener queues the caller's pid
 * here; the broker takes it when it accepts a connection whose peer is
 * itself, and resolves that client's paths in the caller's view
 * (broker-resolve.c), never in the supervisor's (issue 13 item 1).
 * Order: connections are accepted in the order they were made; when two
 * callers race, each may get the other's pid, both processes of the same
 * run, with the same view. Thread-safe. */
#ifndef FSJAIL_PEERQ_H
#define FSJAIL_PEERQ_H

#include <stdbool.h>
#include <sys/types.h>

/* Queue pid (a caller about to be connected to the broker socket). When
 * the queue is full the oldest is dropped. */
void peerq_push(pid_t pid);

/* The oldest queued pid into *pid and true, or false when none is. */
bool peerq_pop(pid_t *pid);

#endif
