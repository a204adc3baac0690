/* gitcfg-worktree.h - core.worktree in a submodule's gitdir config:
 * which values a config rewrite may set (gitcfg_change_ok(), gitcfg.c),
 * and the lines that say it (gitcfg-worktree.c). Pure, as gitcfg.h,
 * which includes it. */
#ifndef FSJAIL_GITCFG_WORKTREE_H
#define FSJAIL_GITCFG_WORKTREE_H

#include <stdbool.h>
#include <stddef.h>

/* Which core.worktree values a rewrite may set (gitcfg_change_ok()):
 * value_ok(value, len, arg) says whether the len bytes at value (not
 * NUL-terminated) are one; arg is the caller's. */
struct gitcfg_worktree {
	bool (*value_ok)(const char *value, size_t len, void *arg);
	void *arg;
};

/* gitcfg.c: gitcfg_branch_only_change(), and with worktree not NULL also
 * a change of the lines exactly `\tworktree = VALUE` of `[core]`
 * sections (header line exactly `[core]`): taken out of both files
 * before the comparison; when they differ (git submodule deinit unsets
 * core.worktree, update and `git mv` set it, submodule.c
 * connect_work_tree_and_git_dir()), every such line new has must pass
 * worktree->value_ok, so a removal is always accepted. A value in
 * another form (quoted, another header spelling) stays in the
 * comparison. */
bool gitcfg_change_ok(const char *old, size_t old_len, const char *new, size_t new_len,
		      const struct gitcfg_worktree *worktree, const char **why);

/* gitcfg-worktree.c, for gitcfg.c: p (len bytes, with its newline) is
 * a line exactly `\tworktree = VALUE\n` (git's own spelling of
 * core.worktree); the value at *v, *vn bytes. gitcfg_core_header(): p is
 * a header line exactly `[core]\n`, as git writes it. */
bool gitcfg_worktree_line(const char *p, size_t len, const char **v, size_t *vn);
bool gitcfg_core_header(const char *p, size_t len);
/* Every core.worktree line of the list wt (len bytes, whole lines)
 * passes ok. */
bool gitcfg_worktree_lines_ok(const char *wt, size_t len, const struct gitcfg_worktree *ok);

#endif
