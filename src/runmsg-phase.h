/* runmsg-phase.h - the phases of `fsjail run` as its records say them
 * (runmsg.h): before the command (the refusals run --ask decides, ask.h,
 * phase "before", refusal-phase.h) and its fork (the "started" record). */
#ifndef FSJAIL_RUNMSG_PHASE_H
#define FSJAIL_RUNMSG_PHASE_H

#include "runmsg.h"

/* After runmsg_open(), before the command's effects are decided: every
 * refusal_record() goes to m's report, status stream and audit log (no
 * session yet, no hints' policy: ask_refused() sets its own), phase
 * "before". Never fails. */
void runmsg_before(struct runmsg *m);

/* After the effects were decided with fsjail's status (0: the command
 * runs): phase "run" from now on; status 4 (CMD_EXIT_REFUSE) makes m
 * quiet, the refusals having been said on stderr one by one. */
void runmsg_before_end(struct runmsg *m, int status);

/* launch_after_fork() hook, arg the run's struct runmsg: the broker
 * thread starts after the fork (m->broker, NULL: none); the status stream
 * says the command started. Returns 0, or -1 with err set. */
int runmsg_after_fork(void *arg, struct fsj_error *err);

#endif
