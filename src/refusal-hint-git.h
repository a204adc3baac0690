/* refusal-hint-git.h - refusal hints for what git reads and locks
 * (refusal-hint.h): a refused read inside another git repository offers
 * the repository's top folder, not the one file git met first
 * (`git clone ~/src/other x`, `git submodule add`: git reads HEAD, then
 * refs, objects, config - a grant on .git/HEAD alone fails again on the
 * next file). refusal_hint_protected_lock() is declared in
 * refusal-hint.h. */
#ifndef FSJAIL_REFUSAL_HINT_GIT_H
#define FSJAIL_REFUSAL_HINT_GIT_H

#include <stdbool.h>

#include "policy.h"
#include "refusal-hint.h"

/* The top folder of the git repository it->path (normalised absolute) lies
 * in, as a new string (caller frees), or NULL: walking up from the path
 * itself, a folder named .git (its parent), a folder holding .git (a
 * folder or a gitfile), or a bare repository's folder (HEAD, objects/ and
 * refs/ in it); the walk stops below home and "/" (home: normalised, or
 * NULL). lstat(2) only, symlinks not followed. */
char *refusal_hint_repo_top(const char *path, const char *home);

/* When it is a refused read inside a git repository (refusal_hint_repo_top())
 * and not already its top, fill *out (zeroed by the caller, as
 * refusal_hint_one() does) and return true: the top folder as a folder
 * grant of refusal_hint_caps() with note saying git reads the whole
 * repository, or, when that folder is too wide (refusal_hint_wide()) or
 * guarded (refusal_hint_guard()), no grant and why saying so (new
 * strings). Returns false, *out untouched, otherwise. */
bool refusal_hint_repo(const struct fsj_policy *pol, const char *home,
		       const struct refusal_hint_item *it, struct refusal_hint *out);

#endif
