#!/bin/bash
# A planted exec line in the rebase todo list of a repository the run did
# not make runs on the host's `git rebase --continue` (issue 12 item 2).
# The listener (src/notify-newrepo.c) lets rebase-merge/git-rebase-todo be
# written only by a rename of bytes without exec lines: appended by a
# shell, rewritten with sed -i, or renamed in as git's lockfile would, the
# exec line never lands and the marker stays absent. A plain rebase inside
# the run still works.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

M=$T/m
mkdir -p "$M"
(cd "$WS" && git init -q -b main && for i in 1 2 3; do git commit -q --allow-empty -m c$i; done) \
	>/dev/null 2>&1 || bail_out "cannot make the workspace repository"

# start_rebase: an interactive rebase stopped at its first commit (host).
start_rebase()
{
	(cd "$WS" && GIT_SEQUENCE_EDITOR='sed -i s/^pick/edit/' git rebase -q -i HEAD~2) \
		>/dev/null 2>&1
	[ -f "$WS/.git/rebase-merge/git-rebase-todo" ] || bail_out "the rebase did not stop"
}

begin_test "an exec line planted in the todo list never lands"
start_rebase
# shellcheck disable=SC2016
fsj_sh -- 't=.git/rebase-merge/git-rebase-todo
	echo "exec touch $1/a" >>$t
	sed -i "1i exec touch $1/b" $t
	{ echo "x touch $1/c"; cat $t; } >$t.lock && mv $t.lock $t
	exit 0' "$M"
grep -Eq "^(exec|x) " "$WS/.git/rebase-merge/git-rebase-todo" && fail "an exec line landed"
assert_err_match "rebase todo|exec line"
(cd "$WS" && git rebase --continue && git rebase --continue && git rebase --continue) \
	>/dev/null 2>&1 </dev/null
assert_not_exists "$M/a"
assert_not_exists "$M/b"
assert_not_exists "$M/c"
(cd "$WS" && git rebase --abort) >/dev/null 2>&1
end_test

begin_test "the todo list rewritten without exec lines lands (git rebase --continue inside)"
start_rebase
fsj_sh -- 't=.git/rebase-merge/git-rebase-todo; sed -i s/^edit/pick/ $t &&
	git rebase --continue >/dev/null && echo cont-ok'
assert_rc 0
assert_out_match "^cont-ok$"
assert_not_exists "$WS/.git/rebase-merge"
end_test

begin_test "a rebase inside the run works"
fsj_sh -- 'git commit -q --allow-empty -m c4 && git rebase -q HEAD~2 && echo rebase-ok'
assert_rc 0
assert_out_match "^rebase-ok$"
end_test

done_testing
