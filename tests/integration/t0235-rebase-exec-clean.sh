#!/bin/bash
# A refused `git rebase -x CMD` leaves the repository as it was (issue 12
# item 2; src/notify-todo.c). git makes .git/rebase-merge/ and its basic
# state before it writes the todo list whose exec lines the listener
# refuses; the supervisor then removes what the run made there, so the
# host's git sees no rebase in progress and HEAD has not moved. With
# --autostash the state holds the stash of the user's changes: it stays,
# and the summary says the way out (git rebase --abort), which puts the
# changes back.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

M=$T/m
mkdir -p "$M"
(cd "$WS" && git init -q -b main && echo a >f && git add f && git commit -q -m c1 &&
	for i in 2 3; do git commit -q --allow-empty -m c$i; done) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
HEAD0=$(git -C "$WS" rev-parse HEAD)

begin_test "git rebase -x refused: no rebase-merge left, HEAD unmoved, the summary says so"
fsj_sh -- 'git rebase -x "touch $1/x" HEAD~2' "$M"
assert_rc_not 0
assert_not_exists "$WS/.git/rebase-merge"
assert_not_exists "$M/x"
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "HEAD moved"
git -C "$WS" status 2>&1 | grep -qi rebase && fail "host git status still sees a rebase"
assert_err_match "exec line in a rebase todo list.*the rebase state this run had made was removed: the repository is as it was"
end_test

begin_test "the same with -i -x and --exec=: nothing left either"
fsj_sh -- 'GIT_SEQUENCE_EDITOR=: git rebase -i --exec="touch $1/y" HEAD~1' "$M"
assert_rc_not 0
assert_not_exists "$WS/.git/rebase-merge"
assert_not_exists "$M/y"
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "HEAD moved"
end_test

begin_test "--autostash: the state with the stash stays; git rebase --abort (as said) puts the changes back"
echo dirty >"$WS/f"
fsj_sh -- 'git rebase --autostash -x "touch $1/z" HEAD~2' "$M"
assert_rc_not 0
assert_exists "$WS/.git/rebase-merge/autostash"
assert_err_match "to leave the half-begun rebase: git rebase --abort in that repository"
(cd "$WS" && git rebase --abort) >/dev/null 2>&1 || fail "git rebase --abort failed"
[ "$(cat "$WS/f")" = dirty ] || fail "the uncommitted change did not come back"
assert_not_exists "$WS/.git/rebase-merge"
assert_not_exists "$M/z"
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "HEAD moved"
end_test

done_testing
