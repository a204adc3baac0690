/* autorun-nested.h - after a run: the files that tools on the host run
 * by themselves (autorun.h) in any folder of the workspace, not only at
 * the roots autorun.c's snapshot looks at, and the shell-entry hooks
 * (direnv's .envrc, mise's config) that nothing refuses.
 *
 * Why: an agent or editor started in a subfolder of the workspace
 * (`cd packages/x && claude`, VS Code opening sub/, mise or direnv on
 * `cd`) reads that folder's files. The listener refuses them at the
 * roots only (a pattern at any depth is no Landlock rule), so a command
 * could plant packages/x/.claude/settings.json with a hook and nothing
 * said so. */
#ifndef FSJAIL_AUTORUN_NESTED_H
#define FSJAIL_AUTORUN_NESTED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "planted.h"

struct autorun;
struct repometa;

/* autorun_warn() (autorun-warn.h: before's roots and the work trees of
 * after), then, when changed (the listener did not see that no call could
 * have planted one: runrepos.h runrepos_changes(), notify-shape.h), a
 * walk of before's workspace (breadth first, no symlink followed, .git
 * and node_modules not entered, at most AUTORUN_NESTED_ENTRIES entries
 * and AUTORUN_NESTED_DEPTH deep): in each folder autorun_warn() did not
 * look at, every file of autorun_files[], and in every folder every
 * shell-entry hook file (.envrc, mise's files) and *.code-workspace,
 * whose change time (its own, or a symlinked folder's on the way to it)
 * is not older than before (a second's slack) is said on out as "made"
 * (born in the run) or "changed" and handed to rec (may be NULL; kind
 * "autorun-file"). A walk that stopped early says so on out. before
 * NULL: nothing. Returns how many files were said. */
size_t autorun_nested_warn(const struct autorun *before, const struct repometa *after, bool changed,
			   FILE *out, planted_fn *rec);

/* Whether name (the last component of path, absolute, or NULL) is that of
 * a file the walk above looks for (settings.json, tasks.json, .envrc,
 * mise.toml, *.code-workspace...), or path lies in a folder of
 * autorun_dirs[] (autorun-dirs.h): the listener counts a call that makes
 * or writes one (notify-shape.c). */
bool autorun_nested_watched(const char *name, const char *path);

#endif
