#!/bin/bash
# `fsjail check` in a linked worktree (`git worktree add`): its .git is a
# file naming the gitdir, which check took for unknown, so every file git
# writes (index.lock, objects, refs) was "(unknown directory)
# [unresolved]" and `git add`, `git commit`, even `git status` asked,
# while the run let them through (user31); and `git config` there was not
# seen to write the shared config the run refuses. check now reads the
# .git file and the gitdir's commondir as git does. In a git repository
# with no rules file, the worktree in the workspace and as the workspace.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
check_repo_setup
(cd "$WS" && git init -q -b main && echo a >f && git add f && git commit -q -m c1 &&
	git worktree add -q -b feat wt/feat) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository and its worktree"

# said WS CWD LINE: check's JSON in $T/check.json, its exit status in CRC
said()
{
	(cd "$2" && "$FSJAIL" check --json --workspace "$1" -- "$3") >"$T/check.json" 2>"$ERR"
	CRC=$?
}
overall() { json "$T/check.json" "d['overall']"; }
unknown() { json "$T/check.json" "sum(1 for e in d['effects'] if e.get('path') in (None, ''))"; }

begin_test "git in a linked worktree is predicted as the run does it"
for ws in "$WS" "$WS/wt/feat"; do
	for line in 'git status' 'echo b >g && git add g && git commit -q -m c2'; do
		said "$ws" "$WS/wt/feat" "$line"
		[ "$(unknown)" = 0 ] || fail "workspace $ws, '$line': $(unknown) effects at an unknown place"
		[ "$CRC" = 0 ] && [ "$(overall)" = allow ] ||
			fail "workspace $ws, '$line': check says $(overall) (exit $CRC), not allow"
	done
done
cd "$WS/wt/feat" || bail_out "no worktree"
fsj -- bash -c 'echo b >g && git add g && git commit -q -m c2'
assert_rc 0
[ "$(git log -1 --format=%s)" = c2 ] || fail "the run did not commit"
end_test

begin_test "git config in a linked worktree names the shared config, refused"
said "$WS" "$WS/wt/feat" 'git config core.fsmonitor x'
[ "$CRC" = 4 ] || fail "check exit $CRC, not 4 (refuse)"
grep -q "\"$WS/.git/config\"" "$T/check.json" || fail "the shared config is not named"
fsj -- git config core.fsmonitor x
assert_rc_not 0
[ -z "$(git config core.fsmonitor)" ] || fail "the run wrote core.fsmonitor"
cd / || bail_out "cannot leave the worktree"
end_test

done_testing
