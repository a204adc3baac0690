/* probe-made.h - the probe's scratch folders and the record of them
 * (probe-made.c): a probe killed before it removed its folders
 * (SIGKILL, its timeout, the machine stopping) left .fsjail-probe.XXXXXX
 * in the workspace and the home folder for good. Each folder is named in
 * a record file in the state folder before it is made, with its identity
 * (device, inode) once made; the next probe_get() sweeps the records of
 * probes no longer alive. A name that is not in a record - a
 * .fsjail-probe.x a command made - is never touched. */
#ifndef FSJAIL_PROBE_MADE_H
#define FSJAIL_PROBE_MADE_H

#include "probe-int.h"

/* Make p's scratch folders (p->s[], probe_scratch_make()): the workspace
 * in workspace-write mode; $TMPDIR, else /tmp; the home folder (~/.cache
 * when it is a folder); the state and config folders. Each may be
 * missing; none is made when the record cannot be opened in p->ctx's
 * state folder. Test-only: FSJAIL_TEST_PROBE_STOP=FILE writes the
 * helper's pid to FILE and stops it (SIGSTOP) once they are made. */
void probe_made_scratch(struct prober *p);

/* Make the folder "<base>/<prefix>XXXXXX" (6 random hex digits, mode
 * 0700), named in the record first and then with its identity. Returns
 * its path (caller frees) and *fd (O_DIRECTORY, O_NOFOLLOW; caller
 * closes), or NULL with errno set and nothing made (no record open:
 * EBADF). */
char *probe_made_mkdir(const char *base, const char *prefix, int *fd);

/* Once every scratch folder is removed: remove the record and close it. */
void probe_made_end(void);

/* Sweep the records in state_dir of probes no longer alive (a live
 * probe holds a lock on its record): each folder named whose name is of
 * the probe's form and that is still a folder of ours - with the identity
 * recorded, when one was - goes to home's trash (a folder the trash
 * cannot take, on another filesystem, loses the probe's own files and is
 * removed when then empty); then the record. Anything else is left as it
 * is. No errors: what cannot be swept stays for a later run. */
void probe_made_sweep(const char *state_dir, const char *home);

#endif
