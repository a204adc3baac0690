/* autorun.h - project files that tools on the host run by themselves.
 * An editor or agent opened on the workspace after the run runs what
 * some files name, without a command of the user's: VS Code's tasks
 * (runOn: folderOpen) and settings, Claude Code's hooks and MCP servers,
 * Cursor's hooks and MCP servers, Gemini CLI's, Roo Code's and Amazon Q's
 * MCP servers; and the next git commit runs
 * what pre-commit's and lefthook's config names once their hooks are
 * installed (att13: the hooks are git's, the commands the work tree's).
 * Those an editor or agent runs are protected (autorun-rule.h; the
 * switch protect: {autorun: false} lets git check out a branch that
 * tracks one); the run says which of the others (or, switched off, of
 * all) the command changed, and undo (fsjail backups restore) gives them
 * back. Peers refuse them outright (sandbox-runtime's "dangerous files"). */
#ifndef FSJAIL_AUTORUN_H
#define FSJAIL_AUTORUN_H

#include <stddef.h>

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

void autorun_free(struct autorun *a);

#endif
