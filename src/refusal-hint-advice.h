/* refusal-hint-advice.h - what a refusal's hint (refusal-hint.h) says
 * where no grant may be offered (why not), or where a grant would not do
 * what the user needs: advice instead of a grant (a tool's cache folders
 * absent on the host, an interactive tool's history file in home), and
 * the note beside a grant on a folder git was making (git worktree add).
 * Text only. */
#ifndef FSJAIL_REFUSAL_HINT_ADVICE_H
#define FSJAIL_REFUSAL_HINT_ADVICE_H

#include <stdbool.h>

#include "refusal-hint.h"

/* Why a refusal with this decision gets no hint, or NULL when a grant
 * may lift it: not the policy's (by_policy false), a lock whose file is
 * protected (no_hint), the protected level, the user's own deny (the
 * explicit level), read-only mode. The summary leaves these to the
 * refusal's own line, which names the level and rule; the report says
 * them. Static string. */
const char *refusal_hint_why_not(bool by_policy, enum fsj_level level, const char *rule_id,
				 bool no_hint);

/* true when making a tool's cache folders on the host, absent there, is
 * what lifts a refusal at path (even a protected one: ~/.npm/_npx is
 * never made by a run, and exists, it is each run's own copy). */
bool refusal_hint_absent_cache(const char *path);

/* The advice that replaces a grant for a refusal at path (normalised,
 * absolute) by comm (command name or NULL), home the user's normalised home
 * or NULL, as a new string (caller frees); NULL when a grant may be offered:
 * - a path at, over or under a tool's cache folders that are absent on
 *   the host (toolcache_absent_mkdir(): npm's mkdir of ~/.npm) gets the
 *   mkdir -p that makes them the run's own copy next time;
 * - a tool's own files in home that no grant serves as the user expects
 *   (history files, gpg's ~/.gnupg) get the way round and what the tool
 *   needs (refusal_hint_home(), refusal-hint-home.h). */
char *refusal_hint_advice(const char *path, const char *home, const char *comm);

/* The note for a grant on a folder (folder true) that git was making
 * (it->dir, it->comm "git") and that does not exist: git worktree add
 * needs the worktree made inside it. A new string (caller frees), or
 * NULL. */
char *refusal_hint_worktree_note(const struct refusal_hint_item *it, bool folder);

#endif
