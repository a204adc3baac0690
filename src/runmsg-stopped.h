/* runmsg-stopped.h - what `fsjail run` says of the processes still running
 * when the command ended, which the end of its pid namespace stopped
 * (launch-left.h; msg32): a background job (`cmd &`, nohup, a dev server)
 * ended with the run, and fsjail said nothing. */
#ifndef FSJAIL_RUNMSG_STOPPED_H
#define FSJAIL_RUNMSG_STOPPED_H

#include "launch-left.h"
#include "runmsg.h"

/* Command names named on stderr before "and N more". */
#define RUNMSG_STOPPED_NAMED 3

/* Before the "exited" record (runmsg_end()): when l counted one or more
 * processes, one "stopped" record on --status-fd (fsjail-run/1: count,
 * commands) and one audit line (call "run", decision "stopped", the count
 * and names in its detail), each with the command names kept (at most
 * LAUNCH_LEFT_NAMES; exact in JSON, escaped by whoever prints them).
 * Nothing when l->count is 0 or unknown (-1). */
void runmsg_stopped_records(const struct runmsg *m, const struct launch_left *l);

/* After the refusal summary, unless m is quiet: "fsjail: note: N
 * process(es) still running when the command ended (NAMES) were stopped
 * ..." on stderr, each name escaped (fsj_escape_term()), at most
 * RUNMSG_STOPPED_NAMED of them, then "and K more". Nothing when l->count
 * is 0 or unknown. */
void runmsg_stopped_note(const struct runmsg *m, const struct launch_left *l);

#endif
