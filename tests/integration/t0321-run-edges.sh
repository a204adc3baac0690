#!/bin/bash
# A workspace of "/", the home folder, a folder above it or /home is
# refused even when named with --workspace (tidy13): the baseline gives
# the workspace all five capabilities, so `--workspace /` or
# `--workspace ~` silently let the command write and delete anywhere in
# the home. It now fails (exit 125) with the reason, unless
# --wide-workspace says it is meant. A git repository of the whole home
# (dotfiles) is no implicit workspace either.
# Test 6: --yes-once granted `git worktree add ../wt` create on ../wt
# (as `check` predicts) but not delete, so git could neither fill nor
# remove the folder it made: it failed and left ../wt empty on the host.
# A once grant of create on a path that does not exist yet now also
# covers writing and removing what the command makes there, and nothing
# else: an unpredicted delete of a file that was there stays refused.
# As root and as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0321_USER 6
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

# wide DIR: fsjail run --workspace DIR must refuse with 125 before the
# command runs (it would make $HOME/made-N)
n=0
wide()
{
	n=$((n + 1))
	run_cmd "$FSJAIL" run --workspace "$1" -- touch "$HOME/made-$n"
	assert_rc 125
	assert_not_exists "$HOME/made-$n"
	assert_err_match "refusing workspace .*--wide-workspace"
}

begin_test "--workspace / is refused"
wide /
assert_err_match "it is the root directory"
end_test

begin_test "--workspace \$HOME, \$HOME/ and a folder above it are refused"
wide "$HOME"
assert_err_match "it is the home directory"
wide "$HOME/"
wide "$HOME/.."
assert_err_match "it holds the home directory"
wide "$WS/../.."
end_test

begin_test "--workspace /home is refused"
wide /home
end_test

begin_test "--wide-workspace takes it"
run_cmd "$FSJAIL" run --wide-workspace --workspace "$HOME" -- touch "$HOME/made-wide"
assert_rc 0
assert_exists "$HOME/made-wide"
end_test

begin_test "a git repository of the whole home is no implicit workspace"
git_env
git init -q "$HOME" || bail_out "git init failed"
mkdir -p "$HOME/notes"
(cd "$HOME" && "$FSJAIL" run -- touch "$HOME/made-dot") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_not_exists "$HOME/made-dot"
assert_err_match "refusing workspace '$HOME': it is the home directory"
# below it: the current folder, not the home
(cd "$HOME/notes" && "$FSJAIL" run -- sh -c 'touch ok; touch "$HOME/made-dot2"') >"$OUT" 2>"$ERR"
RC=$?
assert_exists "$HOME/notes/ok"
assert_not_exists "$HOME/made-dot2"
end_test

begin_test "--yes-once git worktree add ../wt: made, filled, and nothing else deletable"
rm -rf "$HOME/.git" "$HOME/made-"*
git init -q "$WS" && (cd "$WS" && echo a >a && git add a && git commit -qm a) ||
	bail_out "cannot make the repository"
run_cmd "$FSJAIL" allow add read "$HOME" # git reads the folder it made
assert_rc 0
echo keep >"$HOME/existing"
printf '#!/bin/sh\nrm -f "$HOME/existing"\n' >"$WS/del.sh"
chmod +x "$WS/del.sh"
(cd "$WS" && "$FSJAIL" run --yes-once -c 'git worktree add ../wt-h && ./del.sh') >"$OUT" 2>"$ERR"
RC=$?
assert_exists "$HOME/wt-h/a"
assert_content "$HOME/existing" keep
assert_err_match "delete $HOME/existing"
(cd "$WS" && git worktree remove --force ../wt-h && git branch -q -D wt-h)
end_test

end_user_pass
done_testing
