#!/bin/bash
# A refused exec line in a todo list that was already there (a rebase
# stopped mid-way) says how to leave the rebase only *if* git left it
# under way (chk31): the supervisor refuses at the rename and does not see
# what git does next, and git may end the rebase itself; the summary said
# "the rebase in progress keeps its todo list" whether or not one was.
# check asks for `git rebase --edit-todo` (its editor may add exec lines)
# and refuses `git rebase -x` with the why-note the run gives.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
git_env
(cd "$WS" && git init -q -b main && for i in 1 2 3; do git commit -q --allow-empty -m c$i; done) \
	>/dev/null 2>&1 || bail_out "cannot make the workspace repository"
(cd "$WS" && GIT_SEQUENCE_EDITOR='sed -i s/^pick/edit/' git rebase -q -i HEAD~2) >/dev/null 2>&1
[ -f "$WS/.git/rebase-merge/git-rebase-todo" ] || bail_out "the rebase did not stop"

begin_test "an exec line renamed over a todo list: the summary does not claim a rebase in progress"
fsj_sh -- 't=.git/rebase-merge/git-rebase-todo
	{ echo "x true"; cat $t; } >$t.lock && mv $t.lock $t; exit 0'
grep -Eq "^(exec|x) " "$WS/.git/rebase-merge/git-rebase-todo" && fail "an exec line landed"
assert_err_match "exec line in a rebase todo list.*its todo list was kept as it was: if git left the rebase under way, git rebase --abort there leaves it"
grep -q "rebase in progress keeps" "$ERR" && fail "the summary still says a rebase is in progress"
end_test

begin_test "check: rebase --edit-todo asks, rebase -x refuses with the run's note"
"$FSJAIL" check --json --workspace "$WS" -- "git rebase --edit-todo" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = prompt ] || fail "--edit-todo: check does not ask"
"$FSJAIL" check --json --workspace "$WS" -- "git rebase -x true HEAD~1" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = refuse ] || fail "-x: check does not refuse"
json "$T/check.json" "[e.get('reason', '') for e in d['effects']]" | grep -q "an exec line in a rebase todo list" ||
	fail "-x: check's why-note is not the run's"
(cd "$WS" && git rebase --abort) >/dev/null 2>&1
end_test

done_testing
