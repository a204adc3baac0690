#!/bin/bash
# git mv of a submodule and git worktree move in a run (git23). The
# folder carries the .git file the start-of-run scan protects, and a
# folder leaving a protected name was refused ("a moved folder could
# carry a denied or protected name"). Now a folder may leave with such a
# pointer (deleting it is allowed, notify-guard.c pointer_rule()); the
# listener records where it went (notify-gitfile.c nj_gitfile_moved()),
# gives a relative one at once the bytes naming the same gitdir from its
# new folder, and a write of it, or of the gitdir file of the linked
# worktree it names, lands the bytes git writes for that place, whatever
# the caller writes. A folder arriving at a protected pointer's name may
# only bring one such pointer. Tests 1, 2 and 3 fail before; 4 and 5 hold
# before too.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsubmod.sh"

plan_user_pass FSJAIL_T0377_USER 5
setup
require_landlock
git_env
submodule_lib
(cd "$WS" && git init -q && git commit -q --allow-empty -m init &&
	git submodule add -q "$LIB" x && git commit -qm sub && git worktree add -q wt) ||
	bail_out "cannot add the submodule and the worktree"
mkdir -p "$T/evil.git"

begin_test "git mv of a submodule, to another depth, in one run and the next"
fsj_sh -- 'git mv x y && mkdir a && git mv y a/y && git commit -qm mv && cat a/y/l.txt'
assert_rc 0 && assert_out_match '^lib-content$' && assert_out_nomatch refusal &&
	assert_content "$WS/a/y/.git" "gitdir: ../../.git/modules/x"
[ "$(git -C "$WS/a/y" rev-parse --git-dir)" = "$WS/.git/modules/x" ] || fail "a/y's gitdir"
[ "$(git -C "$WS" config -f .git/modules/x/config core.worktree)" = ../../../a/y ] ||
	fail "core.worktree"
fsj_sh -- 'git mv a/y x && git commit -qm back && git submodule status'
assert_rc 0 && assert_out_match '^ [0-9a-f]+ x ' && assert_content "$WS/x/.git" "gitdir: ../.git/modules/x"
end_test

begin_test "git worktree move, twice in one run"
fsj_sh -- 'mkdir b && git worktree move wt wt2 && git worktree move wt2 b/wt3 && git -C b/wt3 status --short && git worktree list'
assert_rc 0 && assert_out_match "^$WS/b/wt3 " && assert_out_nomatch refusal &&
	assert_content "$WS/.git/worktrees/wt/gitdir" "$WS/b/wt3/.git" &&
	assert_content "$WS/b/wt3/.git" "gitdir: $WS/.git/worktrees/wt"
end_test

begin_test "after a move, the command's own pointer or gitdir file: git's bytes land"
fsj_sh -- 'mv x q && printf "gitdir: %s\n" "$1" >q/.git && git worktree move b/wt3 wt &&
	printf "/tmp/elsewhere/.git\n" >.git/worktrees/wt/gitdir && mv q x' "$T/evil.git"
assert_rc 0 && assert_content "$WS/x/.git" "gitdir: ../.git/modules/x" &&
	assert_content "$WS/.git/worktrees/wt/gitdir" "$WS/wt/.git"
# a moved pointer replaced by the command's own file (a new name, as any
# .git file it makes) does not travel back to the protected name as one
fsj_sh -- 'mv wt w5 && rm w5/.git && printf "gitdir: %s\n" "$1" >w5/.git && exec 3>>w5/.git &&
	mv w5 wt && printf "gitdir: %s\n" "$1" >&3 && git worktree repair wt && git -C wt status --short' "$T/evil.git"
assert_rc 0 && assert_content "$WS/wt/.git" "gitdir: $WS/.git/worktrees/wt" &&
	assert_content "$WS/.git/worktrees/wt/gitdir" "$WS/wt/.git"
end_test

begin_test "with no move, the pointer and the gitdir file stay unwritable"
fsj_sh -- 'printf "gitdir: %s\n" "$1" >x/.git' "$T/evil.git"
assert_rc_not 0 && assert_content "$WS/x/.git" "gitdir: ../.git/modules/x"
fsj_sh -- 'printf "/tmp/elsewhere/.git\n" >.git/worktrees/wt/gitdir'
assert_rc_not 0 && assert_content "$WS/.git/worktrees/wt/gitdir" "$WS/wt/.git"
end_test

begin_test "a folder with a pointer of the command's cannot arrive at a submodule's name"
fsj_sh -- 'git submodule deinit -q -f x; mkdir e && printf "gitdir: %s\n" "$1" >e/.git && mv -T e x' "$T/evil.git"
assert_rc_not 0 && assert_err_match "moved folder could carry" && assert_not_exists "$WS/x/.git"
rm -rf "$WS/e"
end_test

end_user_pass
done_testing
