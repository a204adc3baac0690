#!/bin/bash
# `git submodule deinit -f x && git submodule update --init` in one run
# (user11): deinit deletes x/.git (allowed: a pointer's delete only
# unmakes it), and update writes it again, which the scan's rule for a
# .git file that existed at the start refused (create), so the
# submodule stayed empty: "fatal: could not open '.../x/.git' for
# writing: Permission denied". Now the supervisor lands the file's
# start-of-run bytes (notify-gitfile.c): git's update works, and a command
# that writes a pointer of its own there still gets the old one, never a
# gitdir of its choice. Tests 1 and 2 fail before; 3 holds before too.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsubmod.sh"

plan_user_pass FSJAIL_T0353_USER 3
setup
require_landlock
git_env
submodule_lib
(cd "$WS" && git init -q && git commit -q --allow-empty -m init &&
	git submodule add -q "$LIB" x && git commit -qm sub) || bail_out "cannot add the submodule"
POINTER=$(cat "$WS/x/.git")
[ "$POINTER" = "gitdir: ../.git/modules/x" ] || bail_out "unexpected x/.git: $POINTER"

begin_test "deinit -f then update --init in one run: the submodule is back"
fsj_sh -- 'git submodule deinit -f x && git submodule update --init && cat x/l.txt'
assert_rc 0 && assert_out_match '^lib-content$' && assert_content "$WS/x/.git" "$POINTER"
[ "$(git -C "$WS/x" rev-parse --git-dir 2>/dev/null)" = "$WS/.git/modules/x" ] ||
	fail "git in x does not use .git/modules/x"
end_test

begin_test "a pointer the command writes itself: the start-of-run one lands"
mkdir -p "$T/evil.git"
fsj_sh -- 'rm x/.git && printf "gitdir: %s\n" "$1" >x/.git && cat x/.git' "$T/evil.git"
assert_rc 0 && assert_content "$WS/x/.git" "$POINTER"
end_test

begin_test "a .git file the scan did not protect: made as written (no change)"
mkdir -p "$WS/y"
fsj_sh -- 'printf "gitdir: ../.git/modules/x\n" >y/.git'
assert_rc 0 && assert_content "$WS/y/.git" "gitdir: ../.git/modules/x"
rm -rf "$WS/y"
end_test

end_user_pass
done_testing
