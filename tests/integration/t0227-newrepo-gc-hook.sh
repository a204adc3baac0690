#!/bin/bash
# In a repository the run made, config keys pass only from the allow-list
# of keys that run nothing (src/gitcfg-inert.c). It took every gc.* key,
# and gc.recentObjectsHook (git 2.42) is a shell command that git gc, and
# the auto gc of an ordinary commit, runs on the host (found by att3).
# gc keys now pass by name. The git here may be older than 2.42: the test
# asserts that the key never lands, which is what would run.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
git_env
startup_files

begin_test "git config gc.recentObjectsHook in a repository the run made is refused"
fsj_sh -- 'git init -q made && git -C made config gc.recentObjectsHook "touch $1"' "$T/planted"
assert_rc_not 0
grep -qi recentobjectshook "$WS/made/.git/config" &&
	fail "the hook key landed: $(cat "$WS/made/.git/config")"
end_test

begin_test "the gc settings people set still pass"
fsj_sh -- 'git init -q made2 && git -C made2 config gc.auto 0 && git -C made2 config gc.reflogExpire never'
assert_rc 0
grep -q 'auto = 0' "$WS/made2/.git/config" || fail "gc.auto did not land: $(cat "$WS/made2/.git/config")"
end_test

done_testing
