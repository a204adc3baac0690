#!/bin/bash
# A repository the run made (git init, commit) is taken away whole by
# `fsjail backups restore`: the listener settles the made repository's
# config into its own copy when HEAD appears (notify-newrepo.c), and that
# copy is recorded as made by the run, so restore, which takes only what
# the run made, takes it too (before: config and its two folders were
# left, "the run made this folder, but it still holds 1 entry").
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=a GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=a \
	GIT_COMMITTER_EMAIL=a@b

begin_test "git init and a commit in a new folder: restore leaves nothing of it"
git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init || fail "git init"
fsj_sh -- 'git init -q emb && git -C emb commit -q --allow-empty -m x'
assert_rc 0
assert_exists "$WS/emb/.git/config"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_not_exists "$WS/emb"
if grep -q 'still holds' "$ERR" "$OUT"; then fail "restore left part of it: $(cat "$ERR")"; fi
end_test

begin_test "a folder the user had, made a repository by the run: the user's file stays"
mkdir "$WS/mine" && echo keep >"$WS/mine/notes"
fsj_sh -- 'git init -q mine'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_not_exists "$WS/mine/.git"
[ "$(cat "$WS/mine/notes")" = keep ] || fail "the user's file changed"
end_test

done_testing
