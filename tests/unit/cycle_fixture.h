/* cycle_fixture.h - a backup cycle on a scratch work folder, for the unit
 * tests of the store (check_wal.c, check_undo.c; src/backup.h). */
#ifndef FSJAIL_CYCLE_FIXTURE_H
#define FSJAIL_CYCLE_FIXTURE_H

#include "backup.h"

/* A new backup cycle (asserted; the caller frees it with
 * backup_cycle_free()) in the state folder state, of session, for a run
 * in the folder work (both must exist; borrowed). *cycledir (freed first;
 * then the caller's) is set to the folder of the cycle's records. An
 * empty work folder is made again once the cycle has started, as a
 * folder of the run's, so that its times get no record: made before (by
 * the test's setup) it got one whenever setup and the cycle fell in two
 * ticks of the coarse clock, on a loaded machine, one record more than
 * the tests count. A work folder with files in it is left as it is. */
struct backup_cycle *tu_cycle(const char *state, const char *work, const char *session,
			      char **cycledir);

#endif
