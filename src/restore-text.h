/* restore-text.h - the text form of `fsjail backups restore`. */
#ifndef FSJAIL_RESTORE_TEXT_H
#define FSJAIL_RESTORE_TEXT_H

#include <cjson/cJSON.h>
#include <stdbool.h>

/* Print to stdout one line per path of actions (restore_cycle()'s JSON
 * array, borrowed) with the net effect of its actions, in the order of
 * the path's first action: content restored ("from cycle" cycle) once
 * however many saves it took, and "the run's version moved to the trash"
 * when the run's object there was trashed; an object moved back to a
 * name (a lock or temporary file) and trashed there is said at its first
 * name only. dry: the "would ..." forms of `--dry-run`. An action that
 * failed is one line on stderr, as it happened. --json prints every
 * action instead (fsjail-restore/1). */
void restore_text_print(const cJSON *actions, const char *cycle, bool dry);

#endif
