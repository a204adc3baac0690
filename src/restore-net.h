/* restore-net.h - one path's net effect in what `fsjail backups restore`
 * prints for a person (restore-text.c, which gathers it from the
 * restore's actions), and the line of the run's object it takes away.
 * Moved out of restore-text.c. Not for other callers. */
#ifndef FSJAIL_RESTORE_NET_H
#define FSJAIL_RESTORE_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <cjson/cJSON.h>

/* One path's net effect. Strings and took are borrowed from the
 * restore's actions (they outlive it). */
struct rs_net {
	const char *path, *to; /* to: move-back, swap-back: where it went */
	const char *later, *kept; /* restore-content: changed after the run (detail), kept_in */
	const char *cycle;        /* its cycle, when cycles are restored together */
	const cJSON *took;        /* trash: its action (changed after the run: restore-taken.h) */
	bool content, recreate, trash, moved, swapped, mkdir, rmdir, meta;
	bool said; /* its trash line was printed (rs_net_say_trash(): once, wherever from) */
};

/* The entry of path among v's n, or NULL. */
struct rs_net *rs_net_find(struct rs_net *v, size_t n, const char *path);

/* Print the trash line of e's object, unless it was said (e->said set
 * then): the line is due both at e's own turn and before a move back
 * onto e's path, whichever comes first (a symlink the run put at d after
 * mv d e: one line, fix27). A version changed after the run is said so,
 * with the line that brings it back (restore_taken_tail()). dry: the dry
 * run's words. */
void rs_net_say_trash(struct rs_net *e, bool dry);

#endif
