/* autorun-dirs.h - the folders whose files an agent loads and runs, or
 * obeys as the user's own prompt, by itself (Claude Code's commands,
 * agents, hooks and skills; Cursor's and Gemini CLI's hook scripts):
 * relative to the folder the agent starts in. For autorun-add.c (the
 * rules at the workspace's top) and autorun-nested.c (the look after the
 * run everywhere else). */
#ifndef FSJAIL_AUTORUN_DIRS_H
#define FSJAIL_AUTORUN_DIRS_H

#include <stddef.h>

#include "autorun-int.h"

/* rel (a/b, no trailing slash), tool, why: each of them, autorun_n_dirs
 * in all. */
extern const struct autorun_file autorun_dirs[];
extern const size_t autorun_n_dirs;

#endif
