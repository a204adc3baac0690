#!/bin/bash
# The listener's protection of repositories outside the workspace
# (notify-repo.c, rule "repository-metadata") listed config,
# config.worktree, hooks and info, not the files that say where a gitdir
# takes the rest from: a run wrote /var/tmp/proj/.git/commondir, and the
# host's git then took another folder for the repository ("No commits
# yet"), with that folder's config and hooks (att30). commondir and gitdir
# are now protected there too, while git worktree add and remove in such a
# repository still work (the folder they write in is made by the run).
# Root and the ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0571_USER 4
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
P=$(mktemp -d /var/tmp/fsjail-t0571.XXXXXX) || bail_out "mktemp under /var/tmp"
trap 'rm -rf "$P"; cleanup' EXIT
git -C "$P" init -q . && git -C "$P" commit -q --allow-empty -m one || bail_out "git init"
mkdir "$P/other" && git -C "$P/other" init -q .

begin_test "commondir is not made in the .git of a repository outside the workspace"
fsj_sh -- 'echo "$1/other/.git" >"$1/.git/commondir"' "$P"
assert_not_exists "$P/.git/commondir"
[ "$(git -C "$P" log --format=%s -1 2>&1)" = one ] ||
	fail "the host's git lost the repository: $(git -C "$P" log -1 2>&1 | head -2)"
assert_err_match "repository-metadata"
end_test

begin_test "nor gitdir, nor by a rename over the name"
fsj_sh -- 'echo x >"$1/.git/gitdir"; echo "$1/other/.git" >"$1/c.tmp" && mv "$1/c.tmp" "$1/.git/commondir"' "$P"
assert_not_exists "$P/.git/gitdir"
assert_not_exists "$P/.git/commondir"
end_test

begin_test "a pre-existing linked worktree's commondir and gitdir are not rewritten"
git -C "$P" worktree add -q "$P/wt" 2>/dev/null || fail "git worktree add outside the run"
G=$P/.git/worktrees/wt
before=$(cat "$G/commondir" "$G/gitdir")
fsj_sh -- 'echo "$2" >"$1/commondir"; echo /tmp/x/.git >"$1/gitdir"' "$G" "$P/other/.git"
[ "$(cat "$G/commondir" "$G/gitdir")" = "$before" ] ||
	fail "rewritten: $(cat "$G/commondir" "$G/gitdir")"
git -C "$P" worktree remove "$P/wt" 2>/dev/null
end_test

begin_test "git worktree add and remove in that repository still work"
fsj_sh -- 'cd "$1" && git worktree add -q "$1/wt2" && git -C "$1/wt2" status --short &&
	git worktree remove "$1/wt2"' "$P"
assert_rc 0
assert_not_exists "$P/wt2"
end_test

end_user_pass
done_testing
