/* linkkeep-journal.h - the run's symbolic links written down as they are
 * made, so that a run whose fsjail is killed (SIGKILL: a harness's
 * timeout killing the whole group) still has its links judged again: by
 * the next run's end (linkkeep.h says why a link is judged again).
 *
 * One file per run in $STATE/links (fsjail's state folder: hidden from
 * and unwritable by the command), made at the run's first link and locked
 * (flock) while the run lives; a first record naming the workspace, then
 * one per link: its device, inode and path (the path the host names it
 * by). A journal that nobody holds locked is a dead run's. A link the run renamed after making it is not
 * found by its recorded path and stays unjudged (said in fsjail(1)).
 * Linux only; elsewhere nothing is written or found. */
#ifndef FSJAIL_LINKKEEP_JOURNAL_H
#define FSJAIL_LINKKEEP_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

/* Where the journals are: state_dir/links, and the run's workspace (both
 * copied; NULL: no journal, as for --platform runs). A dead run's journal
 * is judged only by a run of the same workspace, under whose policy its
 * links were made. Call before the command starts. */
void linkkeep_journal_dir(const char *state_dir, const char *workspace);

/* Write down the link fd (an O_PATH descriptor of it, not closed here).
 * The journal is made on the first call. Errors are ignored: the run's
 * own end-of-run look does not need the journal. Not thread-safe: the
 * caller serialises (linkkeep.c holds its lock). */
void linkkeep_journal_add(int fd);

/* For each link of every dead run's journal that is still there, the
 * same object (device and inode) under its recorded path: call each(fd,
 * arg) with an O_PATH descriptor of it (closed afterwards); a journal is
 * removed once read. Then remove this run's own journal. Returns how many
 * links each() was called for. */
size_t linkkeep_journal_end(void (*each)(int fd, void *arg), void *arg);

#endif
