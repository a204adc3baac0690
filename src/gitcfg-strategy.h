/* gitcfg-strategy.h - does a rebase's or sequence's state name one of
 * git's own merge strategies? (att13: the host's `git rebase --continue`
 * runs any other name as a program.) Pure: bytes in, verdict out, no I/O,
 * as gitcfg-inert.h. */
#ifndef FSJAIL_GITCFG_STRATEGY_H
#define FSJAIL_GITCFG_STRATEGY_H

#include <stdbool.h>
#include <stddef.h>

/* buf (len bytes) is the strategy file of a rebase
 * (<gitdir>/rebase-merge/strategy, read by git's read_oneliner(): the
 * bytes less one trailing newline) naming one of git's own merge
 * strategies: octopus, ort, ours, recursive, resolve or subtree. Any
 * other name is run by the host's `git rebase --continue` as the program
 * "git-merge-NAME", and a NAME with a '/' is a path from the work tree's
 * top (att13). Returns true when so; otherwise false with why (size
 * whylen, may be NULL) set to a sentence naming the rule. */
bool gitcfg_strategy_ok(const char *buf, size_t len, char *why, size_t whylen);

/* buf (len bytes) is a sequencer options file (<gitdir>/sequencer/opts,
 * config syntax, read by git cherry-pick/revert --continue) whose every
 * line that holds "strategy" (any case) is a key line `strategy = NAME`
 * with NAME one of git's own strategies as above, or `strategy-option =
 * VALUE` with no backslash, quote or further "strategy" in VALUE; no
 * NUL. Returns true when so; otherwise false with why as above. */
bool gitcfg_seqopts_ok(const char *buf, size_t len, char *why, size_t whylen);

#endif
