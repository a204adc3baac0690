/* restore-later.h - the words of `fsjail backups restore` for a file
 * changed after the run (restore-text.h): the restore line that brings
 * back the later version a cycle kept. */
#ifndef FSJAIL_RESTORE_LATER_H
#define FSJAIL_RESTORE_LATER_H

/* The bracket of a file changed after the run whose later version cycle
 * kept holds: the line that brings that version back, path quoted for sh
 * after escaping (restoring the whole cycle would also undo the rest of
 * this restore). Caller frees. */
char *restore_later_tail(const char *path, const char *kept);

#endif
