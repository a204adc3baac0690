/* timing.h - where the time of one fsjail command goes, for people
 * (bench/README): with FSJAIL_TIMING set in the environment, every
 * timing_mark() prints on stderr the wall and CPU time since the previous
 * mark (or since the first use), and its end (@, CLOCK_MONOTONIC ms: one
 * timeline for all processes). Nothing else is printed; nothing acts on it. */
#ifndef FSJAIL_TIMING_H
#define FSJAIL_TIMING_H

/* Print "fsjail: timing: PHASE  W ms wall  C ms cpu" for the span that
 * ends now, when FSJAIL_TIMING is set (non-empty). phase: a static
 * string. Errors (no clock) print nothing. Not thread-safe: call it from
 * the main thread only. In a forked child (launch.c) the first mark's
 * wall span counts from the parent's last mark, its CPU from the fork. */
void timing_mark(const char *phase);

#endif
