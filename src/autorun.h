/* autorun.h - project files that tools on the host run by themselves.
 * An editor or agent opened on the workspace after the run runs what
 * some files name, without a command of the user's: VS Code's tasks
 * (runOn: folderOpen) and settings, Claude Code's hooks and MCP servers,
 * Cursor's hooks and MCP servers, Gemini CLI's, Roo Code's and Amazon Q's
 * MCP servers; and the next git commit runs
 * what pre-commit's and lefthook's config names once their hooks are
 * installed (att13: the hooks are git's, the commands the work tree's).
 * Refusing changes to them would
 * break git (a checkout of a branch that tracks .vscode/settings.json);
 * instead the run says which of them the command changed, and undo
 * (fsjail backups restore) gives them back. Peers refuse them outright
 * (sandbox-runtime's "dangerous files"). */
#ifndef FSJAIL_AUTORUN_H
#define FSJAIL_AUTORUN_H

#include <stddef.h>
#include <stdio.h>

#include "planted.h"

struct autorun;

/* The state (identity, size, change time) of each such file at each of
 * the n roots (absolute folders: the workspace and the work trees in it;
 * repeats skipped). Returns a new snapshot (autorun_free()); never fails
 * but by allocation, which aborts as xmalloc does. */
struct autorun *autorun_snap(const char *const *roots, size_t n);

struct repometa;

/* autorun_snap() of workspace and of every work tree in repos (may be
 * NULL) that lies in it. */
struct autorun *autorun_snap_workspace(const char *workspace, const struct repometa *repos);

/* Look again at before's files and say on out, one line each, those that
 * were made, changed or removed since, with what runs them and how to
 * undo; the same of such files in each work tree of after (the scan
 * after the run, or NULL: none was needed, nothing can have made a work
 * tree) that lies in before's workspace (autorun_snap_workspace()) and
 * was not a root of before, when their change time is not older than
 * before (a second's slack; an older one was left alone), as "made".
 * Names are escaped for a terminal. Each is also handed to rec (may be
 * NULL; planted.h: kind "autorun-file"). Returns how many. */
size_t autorun_warn(const struct autorun *before, const struct repometa *after, FILE *out,
		    planted_fn *rec);

void autorun_free(struct autorun *a);

#endif
