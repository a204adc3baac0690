#!/bin/bash
# `git worktree add ../wt` outside the workspace (user16): the summary
# offered "mkdir -p DIR (it does not exist yet), then --grant ...:DIR"
# and nothing more; followed, git's .git file in DIR is refused (a .git
# file in a folder the command did not make, t0307), a second failed round.
# The hint now says, under that line, that git worktree add needs the
# worktree made inside the granted folder, and that way is checked to work
# with exactly the grant offered. A folder another command was making
# gets no such line; nor does the --report hint.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init || bail_out "git init"

begin_test "git worktree add ../wt refused: the hint names the way that works"
fsj -- git worktree add -q ../wt -b b1
assert_rc_not 0
assert_not_exists "$HOME/wt"
assert_err_match "mkdir -p $HOME/wt \\(it does not exist yet\\), then fsjail run --grant read,write,create,delete:$HOME/wt "
assert_err_match "if this was git worktree add, that grant is not enough: .*refused in a folder the command did not make; with that grant, git worktree add $HOME/wt/NAME works\\)"
end_test

begin_test "followed as written, it works"
mkdir "$HOME/wt"
fsj_sh --grant "read,write,create,delete:$HOME/wt" -- \
	'git worktree add -q "$1" b1 && git -C "$1" log --oneline' "$HOME/wt/NAME"
assert_rc 0
assert_out_match 'init'
assert_exists "$HOME/wt/NAME/.git"
end_test

begin_test "a folder mkdir was making: no git line, in the summary or the report"
fsj --report "$T/report.ndjson" -- mkdir "$HOME/dir"
assert_rc_not 0
assert_err_match "mkdir -p $HOME/dir \\(it does not exist yet\\)"
if grep -q 'git worktree add' "$ERR" "$T/report.ndjson"; then
	fail "a folder mkdir made is given the git worktree line"
	diag_last
fi
end_test

done_testing
