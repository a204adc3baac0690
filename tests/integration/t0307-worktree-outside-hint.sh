#!/bin/bash
# `git worktree add` outside the workspace (user8). The summary's hint for
# the refused mkdir of the worktree's folder is "mkdir -p DIR, then
# --grant ...:DIR"; followed, git's .git file in that folder is refused
# (a .git file in a folder the command did not make: it could point git at
# a gitdir with the command's hooks), and the refusal said only that. It
# now says the way that works: grant a folder above the worktree and let
# the command make the worktree's folder; that way is checked to work, and
# `fsjail explain` says the same.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init || bail_out "git init"

begin_test "the worktree's folder made first and granted: refused, and the summary says the way"
mkdir "$HOME/wt"
fsj --grant "read,write,create,delete:$HOME/wt" -- git worktree add -q "$HOME/wt" -b b1
assert_rc_not 0
assert_err_match "create $HOME/wt/\\.git: protected rule 'repository-metadata'"
assert_err_match "grant a folder above the worktree"
end_test

begin_test "a folder above it granted, the command makes the worktree: it works"
mkdir "$HOME/wts"
fsj_sh --grant "read,write,create,delete:$HOME/wts" -- \
	'git worktree add -q "$1" -b b2 && git -C "$1" log --oneline' "$HOME/wts/x"
assert_rc 0
assert_out_match 'init'
assert_exists "$HOME/wts/x/.git"
end_test

begin_test "explain names the same way"
# the folder there before the run, as in the first test (git removed it
# when it failed); one absent is the command's own to make, and may hold
# a .git file
mkdir -p "$HOME/wt"
run_cmd "$FSJAIL" explain --workspace "$WS" --grant "read,write,create,delete:$HOME/wt" \
	"$HOME/wt/.git"
assert_rc 0
assert_out_match "create +deny +protected .*grant a folder above the worktree"
end_test

done_testing
