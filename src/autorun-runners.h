/* autorun-runners.h - the task runners' files the workspace's hooks run
 * through (a hook "npm run lint" runs package.json's scripts, "make -C
 * tools lint" tools/Makefile's rules). A build rewrites them (npm install
 * edits package.json), so they are not protected: the snapshot before
 * the run (autorun.c) keeps them, and the run names each one the command
 * made or changed (autorun-warn.c), as the files tools run by themselves. */
#ifndef FSJAIL_AUTORUN_RUNNERS_H
#define FSJAIL_AUTORUN_RUNNERS_H

/* Called with each file: path (absolute, normalised, in the workspace),
 * why (what runs it: "the hook 'PostToolUse' of .claude/settings.json runs
 * what it says", printable), rel (the hooks file from the workspace); all
 * borrowed for the call. */
typedef void autorun_runner_fn(void *arg, const char *path, const char *why, const char *rel);

/* Read the hooks and MCP server files as autorun_add_hook_rules() does
 * (autorun-hookwalk.h) and hand each task runner file a command names
 * (npm, pnpm, yarn: package.json; make: GNUmakefile, makefile, Makefile;
 * just: justfile; task: Taskfile.yml..., in the folder the command runs
 * it from) to each, at most AUTORUN_RUNNERS_MAX a hooks file. Adds no
 * rule. Nothing when workspace is NULL. Never fails (out of memory
 * aborts). */
void autorun_hook_runners(const char *workspace, autorun_runner_fn *each, void *arg);

/* A hostile hooks file cannot make the snapshot grow more. */
#define AUTORUN_RUNNERS_MAX 64

#endif
