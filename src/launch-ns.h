/* launch-ns.h - the pid namespace and its init, fsjail-init (Linux;
 * launch-ns.c, launch-sweep.c, launch-spawn.c). Included by launch-int.h
 * only, after struct supervisor. */
#ifndef FSJAIL_LAUNCH_NS_H
#define FSJAIL_LAUNCH_NS_H

#ifdef __linux__
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "util.h"

struct supervisor;

/* launch-ns.c: the pid namespace and its init (see there). */
void launch_ns_split(const struct supervisor *s, int report_fd, int *status_wr, int *ack_rd);
/* C keeps report_fd, the supervisor's report pipe, for its count of the
 * processes still running when the command ends (launch_left_send()). */
FSJ_NORETURN void launch_ns_init(pid_t cmd, int wr, int ack, bool relay);
void launch_ns_hello(int fd);
/* launch-sweep.c: the descriptors not to keep (see there). */
int launch_sweep_fds(const int *keep, size_t n, bool own);
/* launch-spawn.c: in I, start the command's process (see there). */
pid_t launch_spawn_command(const struct supervisor *s, char **args, char **cmd, int report_fd,
			   int status_wr);
#endif

#endif
