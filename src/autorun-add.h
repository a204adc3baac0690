/* autorun-add.h - making one rule of the protected rule
 * "workspace-autorun" (autorun-rule.h), for autorun-rule.c (the files
 * at the workspace's top), the folders agents load by themselves
 * (autorun_add_dir_rules()) and the scripts their hooks name
 * (autorun-hooks.h). */
#ifndef FSJAIL_AUTORUN_ADD_H
#define FSJAIL_AUTORUN_ADD_H

#include <stdbool.h>

#include "policy.h"

/* Add to pol a protected rule, id "workspace-autorun", that refuses
 * write, create and delete at path (absolute, normalised; both its
 * spellings), its subtree too when recursive; why (what runs it, e.g.
 * "Claude Code runs the hooks it names") begins its note, which then says
 * when it runs and how to turn the rule off; its origin names workspace.
 * Borrows every argument. Never fails (out of memory aborts). */
void autorun_rule_add(struct fsj_policy *pol, const char *workspace, const char *path,
		      bool recursive, const char *why);

/* autorun_rule_add(), recursive, for each folder at workspace's top
 * whose files an agent loads and runs or obeys by itself (Claude Code's
 * commands, agents, hooks and skills, Cursor's and Gemini CLI's hook
 * scripts), existing or not. Nothing when workspace is NULL. */
void autorun_add_dir_rules(struct fsj_policy *pol, const char *workspace);

#endif
