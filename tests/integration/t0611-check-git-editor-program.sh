#!/bin/bash
# `fsjail check` and an editor git runs that is a program
# (`GIT_EDITOR="sed -i ..."`, `GIT_SEQUENCE_EDITOR="sed -i ..."`): the
# assignment made check take git's repository for unknown, so every file
# git writes (COMMIT_EDITMSG, the todo list, objects) was "(unknown
# directory) [unresolved]" and check asked, while the run let the commit
# --amend through (user30). An editor does not move the repository: git
# finds it before it runs one, and the editor stays opaque code (held by
# a workspace with all five capabilities). GIT_DIR still moves it. In a
# git repository with no rules file.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
unset GIT_EDITOR GIT_SEQUENCE_EDITOR VISUAL EDITOR GIT_DIR
(cd "$WS" && git init -q -b main && echo a >f && git add f && git commit -q -m c1 &&
	git commit -q --allow-empty -m c2) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"

# said LINE: check's JSON on LINE in $T/check.json, its exit status in CRC
said()
{
	(cd "$WS" && "$FSJAIL" check --json --workspace "$WS" -- "$1") >"$T/check.json" 2>"$ERR"
	CRC=$?
}
unknown() { json "$T/check.json" "sum(1 for e in d['effects'] if e.get('path') in (None, ''))"; }

begin_test "a program as git's editor keeps the repository known"
line='GIT_EDITOR="sed -i 1s/c2/c2-edited/" git commit --amend --allow-empty'
said "$line"
[ "$(unknown)" = 0 ] || fail "'$line': $(unknown) effects at an unknown place"
[ "$CRC" = 0 ] && [ "$(json "$T/check.json" "d['overall']")" = allow ] ||
	fail "'$line': check says $(json "$T/check.json" "d['overall']") (exit $CRC), not allow"
fsj -- bash -c "$line"
assert_rc 0
[ "$(git -C "$WS" log -1 --format=%s)" = c2-edited ] || fail "the run did not amend"
line='GIT_SEQUENCE_EDITOR="sed -i 1s/^pick/reword/" git rebase -i HEAD~1'
said "$line"
[ "$(unknown)" = 0 ] || fail "'$line': $(unknown) effects at an unknown place"
grep -q 'rebase-merge/git-rebase-todo' "$T/check.json" || fail "'$line': the todo list is not named"
end_test

begin_test "GIT_DIR still moves it"
said 'GIT_DIR=/elsewhere GIT_EDITOR="sed -i s/a/b/" git commit --amend'
[ "$(unknown)" != 0 ] || fail "GIT_DIR=/elsewhere: check placed git's files"
end_test

done_testing
