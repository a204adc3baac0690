/* refusal-hint.h - the "to allow it" line under the refusal summary
 * (refusal.c; fsjail(1) REFUSALS): which grant would lift what the
 * summary shows. Text only: it never grants anything itself. */
#ifndef FSJAIL_REFUSAL_HINT_H
#define FSJAIL_REFUSAL_HINT_H

#include <stdio.h>

#include "policy.h"

/* One refusal a rule could lift: its capability and the normalised
 * absolute path refused (borrowed). */
struct refusal_hint_item {
	enum fsj_cap cap;
	const char *path;
};

/* Print to out at most one line naming the grant that lifts items[0..n)
 * (the summary's groups a rule could lift, first seen first), for this
 * run (--grant) and kept (allow add):
 * - a path that is "/", home, or a folder above home is never offered:
 *   granting it would open the whole home (pip reading ~, say);
 * - two or more paths that share a folder strictly below home (or, away
 *   from home, at least two components deep) give that folder, as a
 *   folder rule, with every capability refused there: tools name their
 *   temporary and log files anew on every run (npm's ~/.npm/_logs/<time>,
 *   _cacache/tmp/<uuid>), so the first file's name would not help;
 * - otherwise the first path offered, with its capability.
 * home is the user's normalised home folder, or NULL (then only "/" is
 * never offered). Each path is one shell word in the line: a blank or
 * ';' in it adds no option and no command. Strings from outside are
 * escaped for the terminal (refusal_printable()). */
void refusal_hint_print(FILE *out, const struct refusal_hint_item *items, size_t n,
			const char *home);

/* When path (normalised, absolute, resolved) is NAME.lock and pol refuses
 * writing NAME at the protected level, return NAME (caller frees); else
 * NULL. NAME.lock is git's lock file for NAME (git's lockfile.c: made
 * beside NAME, written, renamed over it): no grant on the lock can make
 * that rename work, so the summary offers none (git config --global, git
 * lfs install and ~/.gitconfig). */
char *refusal_hint_protected_lock(const struct fsj_policy *pol, const char *path);

#endif
