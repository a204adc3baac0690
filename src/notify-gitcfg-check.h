/* notify-gitcfg-check.h - the bytes git may land over a protected
 * <gitdir>/HEAD or <gitdir>/config (notify-gitcfg-check.c), for
 * notify-gitcfg.c. Linux only. */
#ifndef FSJAIL_NOTIFY_GITCFG_CHECK_H
#define FSJAIL_NOTIFY_GITCFG_CHECK_H

#include <stdbool.h>
#include <stddef.h>

struct job;
struct loc;

/* new (new_len bytes) may replace old (old_len bytes) at b (an existing
 * <gitdir>/HEAD or <gitdir>/config, b->path resolved): for HEAD
 * gitcfg_head_ok(new), else gitcfg_change_ok(old, new), with the
 * core.worktree values submodule_worktree_ok() takes when b's folder is a
 * submodule's gitdir (<top>/.git/modules/...), the policy of j's run
 * deciding which folders are near a rule. Otherwise false, with *why a
 * static sentence (gitcfg.h). */
bool nj_gitcfg_bytes_ok(const struct job *j, const struct loc *b, const char *old,
			size_t old_len, const char *new, size_t new_len, const char **why);

#endif
