/* timing.c - phase timings behind FSJAIL_TIMING (see timing.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "timing.h"

static double now_ms(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts) < 0)
		return 0.0;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void timing_mark(const char *phase)
{
	static int on = -1;
	static double wall, cpu;
	static pid_t pid;
	double w, c;

	if (on < 0) {
		const char *e = getenv("FSJAIL_TIMING");

		on = e && *e;
		/* the first span's CPU counts from exec (loader included) */
		wall = now_ms(CLOCK_MONOTONIC);
		cpu = 0.0;
		pid = getpid();
	}
	if (!on)
		return;
	if (getpid() != pid) {
		/* a forked child (launch.c): its CPU clock started at the fork;
		 * the wall span runs on from the parent's last mark */
		pid = getpid();
		cpu = 0.0;
	}
	w = now_ms(CLOCK_MONOTONIC);
	c = now_ms(CLOCK_PROCESS_CPUTIME_ID);
	fprintf(stderr, "fsjail: timing: %-24s %7.2f ms wall %7.2f ms cpu @%.3f\n", phase,
		w - wall, c - cpu, w); /* @: CLOCK_MONOTONIC ms, for a timeline */
	wall = w;
	cpu = c;
}
