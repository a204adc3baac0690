/* refusal-phase.h - when a refusal was decided, as its report and status
 * lines say it ("phase", fsjail-json(7)): "before" the command ran (run
 * --ask refused the command's effects: nothing was run), or "run" (the
 * kernel, the listener or the broker refused a call of the command).
 * Includes nothing. */
#ifndef FSJAIL_REFUSAL_PHASE_H
#define FSJAIL_REFUSAL_PHASE_H

#include <stdbool.h>

/* From now on refusals are of the phase before the command (true) or of
 * the run (false, the default). Thread-safe; never fails. */
void refusal_phase_set_before(bool before);

/* The phase's name now: "before" or "run" (static). */
const char *refusal_phase(void);

#endif
