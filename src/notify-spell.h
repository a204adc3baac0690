/* notify-spell.h - the host spellings of the folders a trapped call's
 * lookups hold, found by identity (absentid.h), so that the listener's
 * decisions by path string hold whichever mount the command reaches a
 * folder through (alias26: `.git/commondir`, kept absent by a protected
 * rule, was made through a bind of the workspace under /var/tmp).
 *
 * Each lookup the supervisor makes for a call (nj_find()) notes, for the
 * folder it holds, every host spelling of that folder that differs from
 * the kernel's path of it in the command's view: a pair (from, to) of
 * whole-path prefixes. A path decided for the call (the resolved name,
 * its folder) is then decided again under each pair that covers it, and
 * a refusal by a rule there (not the default level: a folder with no rule
 * keeps what its other spelling was granted) refuses the call: nj_may(),
 * the read-hidden names of nj_need(), nj_discovery_ok(), the guard's
 * rules below a name (notify-guard.c). Fail closed: a held folder that
 * cannot be identified refuses the call (EACCES, recorded). Linux only. */
#ifndef FSJAIL_NOTIFY_SPELL_H
#define FSJAIL_NOTIFY_SPELL_H

#include <stdbool.h>
#include <stddef.h>

#include "policy.h"

/* Pairs one call may hold: two lookups (rename, link), each folder with
 * a spelling or two (a host with its own bind mounts named by rules). */
#define NJ_SPELL_MAX 8

struct nj_spelling {
	char *from; /* the kernel's path of the held folder (owned) */
	char *to;   /* a host spelling of the same folder (owned) */
};

struct job;
struct loc;

/* Note the spellings of l's folder (l->parent, l->path's folder) in j.
 * Returns true, or false after refusing the call (cap recorded) when the
 * folder cannot be identified or has too many spellings. Nothing is done
 * for a magic object (no folder held) or when the run has no table. */
bool nj_spell_note(struct job *j, const struct loc *l, enum fsj_cap cap);

/* The next other spelling of path under j's pairs, from pair *it on
 * (start with 0): a new string (caller frees), or NULL when none is
 * left. path NULL: none. */
char *nj_spelled(const struct job *j, const char *path, size_t *it);

/* Free j's pairs (the end of the call). */
void nj_spell_release(struct job *j);

#endif
