#!/bin/bash
# backups restore after a run that rebased puts the repository back as it
# was, with no rebase in progress (issue 14; found by a new-user session,
# user5). git rewrites .git/rebase-merge/git-rebase-todo through
# git-rebase-todo.lock at each step, and the listener lands each rename as
# its own copy of the checked bytes (notify-todo.c: no exec line): a new
# file every time. Only the first got its "created" record, so the last
# one, unlinked when the rebase finished, was taken for a file of the
# user's, saved, and brought back by restore: the host's git then said
# "You are currently rebasing". The same for a protected config rewritten
# twice in one run (notify-gitcfg.c).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_REBASE_USER_PASS 3
setup
require_landlock
git_env

# the sha256 of every file of the work tree and of .git, names sorted
tree_sum()
{
	(cd "$WS" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
}

# restored_as_before: backups restore, then every file as tree_sum saw it
# in $T/before
restored_as_before()
{
	ws_restore
	tree_sum >"$T/after"
	cmp -s "$T/before" "$T/after" ||
		fail "the tree differs after the restore: $(diff "$T/before" "$T/after" | grep '^[<>]' | head -4 | tr '\n' ' ')"
}

(cd "$WS" && git init -q -b main && echo a >a && git add a && git commit -qm a &&
	git branch feat && echo m >m && git add m && git commit -qm m &&
	git checkout -q feat && echo f >f && git add f && git commit -qm f &&
	git checkout -q main) >/dev/null 2>&1 || bail_out "cannot make the workspace repository"

begin_test "git rebase of a branch, then backups restore: every file as before, no rebase in progress"
tree_sum >"$T/before"
fsj -- git rebase -q main feat
assert_rc 0
restored_as_before
assert_not_exists "$WS/.git/rebase-merge"
git -C "$WS" status 2>&1 | grep -qi 'rebasing' && fail "host git status still sees a rebase"
end_test

begin_test "an interactive rebase of three steps (the todo rewritten at each): the same"
(cd "$WS" && git checkout -q main && for i in 1 2 3; do echo "$i" >"s$i" && git add "s$i" &&
	git commit -qm "s$i"; done) >/dev/null 2>&1 || bail_out "cannot add commits"
tree_sum >"$T/before"
fsj_sh -- 'GIT_SEQUENCE_EDITOR=: git rebase -q -i HEAD~3 --force-rebase'
assert_rc 0
restored_as_before
assert_not_exists "$WS/.git/rebase-merge"
end_test

begin_test "a protected config rewritten twice in one run (git branch -m, twice): restored as it was"
tree_sum >"$T/before"
fsj_sh -- 'git branch -q -m feat f2 && git branch -q -m f2 f3'
assert_rc 0
restored_as_before
end_test

end_user_pass
done_testing
