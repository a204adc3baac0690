/* notify-newrepo.h - the listener's rule for gitdirs the run made
 * (notify-newrepo.c, file comment there): what it offers notify-repo.c
 * and notify-ops.c, and what it shares with its helpers notify-seq.c,
 * notify-todo.c and notify-hooktmpl.c. Linux only; included by
 * notify-int.h, which defines struct job and struct loc. */
#ifndef FSJAIL_NOTIFY_NEWREPO_H
#define FSJAIL_NOTIFY_NEWREPO_H

#ifdef __linux__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct job;
struct loc;

/* notify-newrepo.c: nj_repo_ok()'s part for gitdirs the run made (file
 * comment there): same arguments and answer. notify_newrepo_rename():
 * as notify_gitcfg_rename(), for NAME.lock over or into config or
 * config.worktree of such a gitdir (inert keys only), any rename onto a
 * gitdir's rebase todo list (no exec lines), and a rename onto its hooks
 * (refused). */
bool nj_newrepo_ok(struct job *j, const struct loc *l, unsigned caps, mode_t new_type);
bool notify_newrepo_rename(struct job *j, const struct loc *a, const struct loc *b, unsigned fl);
/* notify-newrepo.c: a create (O_CREAT, l absent) of config or
 * config.worktree in a gitdir the run made, as libgit2 makes a new
 * repository's config (an empty file first, then each key through
 * config.lock): the supervisor makes the empty file with the caller's
 * mode and umask and hands in a READ-ONLY descriptor of it (O_CLOEXEC as
 * the open's flags), so a write through it fails (EBADF, said: notify-refused.h)
 * and the only way to fill config stays the checked lockfile rename.
 * Returns true when it answered the call, false to go on. */
bool nj_newrepo_empty_config(struct job *j, const struct loc *l, mode_t mode, uint64_t flags);
/* notify-todo.c: refuse (EACCES, recorded with why) the rename onto
 * the todo list b (rebase-merge/git-rebase-todo or sequencer/todo; its
 * folder is named [dn, dn+dl)) that notify-newrepo.c found to hold an
 * exec line; when it was the list's first and all in that folder is the
 * command's from this run, the folder goes (the repository is as it
 * was), else the refusal says how to leave the rebase. */
void nj_todo_refuse(struct job *j, const struct loc *b, const char *dn, size_t dl, const char *why);
/* notify-hooktmpl.c: the template folder git would use holds a hook
 * named name that the command cannot change (file comment there). And
 * nj_hook_settle(): the hook name in the folder hooks (a descriptor;
 * hpath its path) holds exactly those bytes, and is replaced by the
 * supervisor's own copy of them; false with why (size whylen) otherwise. */
bool nj_hook_in_template(const struct job *j, const char *name);
bool nj_hook_settle(struct job *j, int hooks, const char *hpath, const char *name, char *why,
		    size_t whylen);
/* notify-newrepo.c: name is there in the folder dir (fstatat(2), not
 * following a symbolic link). */
bool nj_exists(int dir, const char *name);
#endif

#endif
