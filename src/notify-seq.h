/* notify-seq.h - what notify-seq.c (the todo lists and merge strategy a
 * continued rebase or sequence runs) gives notify-newrepo.c. Linux only,
 * as notify-int.h. */
#ifndef FSJAIL_NOTIFY_SEQ_H
#define FSJAIL_NOTIFY_SEQ_H

#ifdef __linux__
#include <stdbool.h>
#include <stddef.h>

struct job;

/* name in a folder named [dn, dn+dl) is a todo list git runs the exec
 * lines of: rebase-merge/git-rebase-todo, sequencer/todo. */
bool nj_seq_todo_name(const char *name, const char *dn, size_t dl);

/* name in a folder named [dn, dn+dl) names the merge strategy a
 * continued rebase or sequence runs: rebase-merge/strategy (1),
 * sequencer/opts (2); else 0. */
int nj_seq_strategy_name(const char *name, const char *dn, size_t dl);

/* A create or write-open (caps: FSJ_CAPBIT of create, write) of path in
 * the state folder dir of a folder that may be a gitdir, named a todo
 * list (todo) or strategy file (strat, as nj_seq_strategy_name()):
 * allowed (true) only for rebase-merge/strategy while dir holds no
 * git-rebase-todo; otherwise refused (EACCES, recorded) and false. */
bool nj_seq_write_ok(struct job *j, int dir, const char *path, bool todo, int strat,
		     unsigned caps);

/* buf (len bytes), renamed onto the strategy file strat names (0: onto a
 * todo list), is checked: gitcfg_strategy_ok(), gitcfg_seqopts_ok() or
 * gitcfg_todo_inert() (gitcfg-strategy.h, gitcfg-inert.h); why as
 * there. */
bool nj_seq_bytes_ok(int strat, const char *buf, size_t len, char *why, size_t whylen);

/* Before a todo list lands: the rebase strategy file in the state folder
 * dir (path dpath), if any, holds one of git's own strategies: replaced
 * by the supervisor's copy of the checked bytes (a descriptor the caller
 * kept writes into a file git no longer reads), the user's own saved
 * first. Returns 1 when absent or so; 0 with why (size whylen) set
 * otherwise (unreadable, not a regular file, another strategy); -1 after
 * refusing (nj_save()). */
int nj_seq_strategy_settle(struct job *j, int dir, const char *dpath, char *why, size_t whylen);
#endif

#endif
