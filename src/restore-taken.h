/* restore-taken.h - what `fsjail backups restore` says of an object the
 * run made that it takes away (restore-take.h: into its own cycle, with a
 * trash entry) when the user changed that object after the run: as of a
 * file whose content it restores over a later version (t0269), "changed
 * after the run" and the line that brings that version back, in the text
 * and in --json ("changed_after_run", "kept_in"). Before, only --json's
 * detail said it: the text line was "moved to the trash (made by the
 * run)", the user's later work gone from the workspace without a word
 * (att27). Not for other callers. */
#ifndef FSJAIL_RESTORE_TAKEN_H
#define FSJAIL_RESTORE_TAKEN_H

#include <stdbool.h>
#include <sys/stat.h>
#include <cjson/cJSON.h>

struct rctx;

/* The detail rs_take() is given for an object the run made and the user
 * changed after the run (rs_changed_after()). */
#define RS_LATER "changed after the run"

/* later: mark x's newest action (a content restored, or an object
 * taken, over a version changed after the run) "changed_after_run", and
 * "kept_in" the restore's own cycle where it keeps that version (not in
 * a dry run, which keeps nothing). later false: nothing. */
void rs_later_mark(struct rctx *x, bool later);

/* true when the object sb, taken with detail (rs_take()'s), is a version
 * changed after the run that only the restore's own cycle keeps: detail
 * is RS_LATER, and sb is not a folder (taken only empty) and has one name
 * (a file with another name keeps its content there, and a content
 * restore of that name writes in place: t0422). */
bool rs_taken_later(const char *detail, const struct stat *sb);

/* The bracket of the text line of path taken by the trash action took
 * (may be NULL): the run's version: said inside a "recreated" or
 * "restored" line (" (the run's version moved to the trash)"), else its
 * own "moved to the trash" line (""); a version changed after the run
 * adds so, with the line that brings it back (restore-later.h), or in a
 * dry run that it would be kept. dry: the dry run's words. Caller frees. */
char *restore_taken_tail(const char *path, const cJSON *took, bool dry, bool run_version);

#endif
