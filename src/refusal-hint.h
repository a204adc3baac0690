/* refusal-hint.h - the "to allow" lines under the refusal summary
 * (refusal.c; fsjail(1) REFUSALS) and the "hint" of each --report line:
 * which grant would lift what was refused, in one round, and never one
 * that hands over a secret or reaches a protected path
 * (refusal-hint-guard.h). Text only: it never grants anything itself. */
#ifndef FSJAIL_REFUSAL_HINT_H
#define FSJAIL_REFUSAL_HINT_H

#include <stdbool.h>
#include <stdio.h>

#include "policy.h"

/* One refusal of the summary (the first of its (capability, path)
 * group): its capability, the normalised absolute path refused
 * (borrowed), and why_not: a sentence (borrowed) saying why no rule can
 * lift it (refusal_hint_why_not(), refusal-hint-advice.h), or NULL to
 * look for a grant. */
struct refusal_hint_item {
	enum fsj_cap cap;
	const char *path;
	const char *why_not;
	bool dir; /* a folder was being made (mkdir): offered as a folder */
	const char *comm; /* the command name that was refused (borrowed), or NULL */
};

/* What a grant offered at path for the refused capabilities (FSJ_CAPBIT
 * mask) holds: create brings write (open(2) with O_CREAT|O_WRONLY needs
 * both, so a tool refused the create is refused the write next); on a
 * folder it brings delete too (names made anew on every run are temporary
 * and lock files, renamed over their targets or removed: npm's
 * _cacache/tmp, cargo's journal) and read where pol refuses reading
 * there (a tool reads back what it made: npm's cache). Not read on a
 * file: a grant on a file that does not exist yet holds no read
 * (Landlock grants only what exists when the run starts). Execute brings
 * read where pol refuses reading (execve(2) opens the file for reading:
 * Landlock asks READ_FILE as well as EXECUTE, and a script's interpreter
 * reads it). */
unsigned refusal_hint_caps(const struct fsj_policy *pol, const char *path, unsigned refused,
			   bool folder);

/* Print to out the lines that lift items[0..n) under pol (may be NULL:
 * nothing guarded) for this run (--grant) and kept (allow add):
 * - "/", home and the folders above home are never offered;
 * - refusals whose paths share a folder are offered that folder as one
 *   folder rule with every capability they need (refusal_hint_caps()),
 *   unless it is too wide (refusal_hint_wide()) or holds, lies under or
 *   reaches anything guarded (refusal-hint-guard.h) whatever the
 *   capabilities: then the narrowest folders that are not, or each path;
 * - a file or folder named anew on every run is offered its folder
 *   (refusal_hint_one()), under a line saying why;
 * - a folder being made is offered as a folder rule at its own path
 *   (the tool fills it next), unless guarded or too wide;
 * - otherwise each path itself; files in one folder share a line; files
 *   made in one guarded folder each get their SQLite rollback journal
 *   NAME-journal when two or more were made there (a tool's state files:
 *   cargo's .global-cache), not in a folder only too wide to offer;
 * - a path a grant would not serve (a tool's cache folders absent on the
 *   host, a history file in home) gets no grant but refusal_hint_advice()
 *   (refusal-hint-advice.h);
 * - a path that is guarded itself, or has why_not to say, gets a "no
 *   grant offered" line with the reason instead.
 * home: the user's normalised home, or NULL. Each path is one shell word;
 * strings from outside are escaped for the terminal. */
void refusal_hint_print(FILE *out, const struct refusal_hint_item *items, size_t n,
			const char *home, const struct fsj_policy *pol);

/* The hint of one refusal alone (it, why_not and dir as in the summary),
 * for its --report line: caps, path and folder of the grant, or caps 0
 * and path NULL with why (a new string; secret set when the reason is a
 * secret). A file or folder whose name is made anew on every run
 * (refusal-hint-name.h) is offered its folder, with note saying so (a
 * new string, else NULL), when the folder is not too wide
 * (refusal_hint_wide()) nor guarded; else why says that. A folder being
 * made that is too wide is offered as a path, not a folder rule. A
 * folder git was making gets refusal_hint_worktree_note() as note. */
struct refusal_hint {
	unsigned caps;
	char *path;
	bool folder;
	char *why;
	bool secret;
	char *note;
};
void refusal_hint_one(const struct fsj_policy *pol, const char *home,
		      const struct refusal_hint_item *it, struct refusal_hint *out);
void refusal_hint_release(struct refusal_hint *h);

/* Add refusal_hint_one()'s answer to o (a refusal's JSON object;
 * fsjail-json(7)): "hint", {"grant": "CAPS:PATH", "capabilities": [...],
 * "path": PATH, "folder": BOOL[, "note": why a folder stands for a name
 * made anew on every run, or refusal_hint_worktree_note()]} or null, and
 * "hint_reason", why there is none (null when there is one). */
struct cJSON;
void refusal_hint_json(struct cJSON *o, const struct fsj_policy *pol, const char *home,
		       const struct refusal_hint_item *it);

/* When path (normalised, absolute, resolved) is NAME.lock and pol refuses
 * writing NAME at the protected level, return NAME (caller frees); else
 * NULL. NAME.lock is git's lock file for NAME (git's lockfile.c: made
 * beside NAME, written, renamed over it): no grant on the lock can make
 * that rename work, so the summary offers none (git config --global, git
 * lfs install and ~/.gitconfig). */
char *refusal_hint_protected_lock(const struct fsj_policy *pol, const char *path);

#endif
