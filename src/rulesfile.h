/* rulesfile.h - edit the user's rules file (DESIGN.md section 12) in place,
 * keeping its text: comments, blank lines, quoting and the order and form
 * of every other rule survive, because only the bytes of the rules added
 * or removed change. A file whose shape cannot be edited that way (several
 * documents, a flow-style list with entries, anchors or aliases, a
 * symlink) is refused, never rewritten.
 *
 * Every write is atomic: the new text goes to a temporary file in the same
 * folder, is read back with fsj_rules_load() and must hold exactly the
 * expected rules, is fsync()ed, then rename()d over the file, and the
 * folder is fsync()ed. On any error the file is left as it was. */
#ifndef FSJAIL_RULESFILE_H
#define FSJAIL_RULESFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* A rule to add: written as `path`, `recursive`, `allow` and `created`. */
struct rulesfile_rule {
	const char *path;    /* absolute, normalised */
	bool recursive;
	unsigned allow;      /* FSJ_CAPBIT mask, not 0 */
};

/* Where relative paths and "~" in the file resolve (for the read-back). */
struct rulesfile_ctx {
	const char *file;
	const char *home;
	const char *workspace;
};

/* Append n rules at the end of the rules list (creating the file, and its
 * folder, when missing). Returns 0, or -1 with err set. */
int rulesfile_add(const struct rulesfile_ctx *rc, const struct rulesfile_rule *rules, size_t n,
		  struct fsj_error *err);

/* Remove the rule at index (0-based, in file order). Returns 0, or -1 with
 * err set (an index past the end included). */
int rulesfile_remove(const struct rulesfile_ctx *rc, size_t index, struct fsj_error *err);

/* Remove every rule; comments outside the rules stay. Returns 0, or -1
 * with err set. */
int rulesfile_clear(const struct rulesfile_ctx *rc, struct fsj_error *err);

#endif
