#!/bin/bash
# `fsjail check` and the editor git runs (fix45): an editor the line makes
# inert - GIT_SEQUENCE_EDITOR or GIT_EDITOR set to true, ':' or cat as a
# prefix, by export or by env - runs nothing, so
# `GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2` is predicted as the plain
# rebase it is (allow, no opaque effect; before, check asked a person); an
# editor that is a program (`sed -i s/pick/edit/`, vim) or that the line
# does not set stays opaque code, and the run shows it ran. A plain
# assignment that is not exported, an unset, and EDITOR (core.editor wins
# over it) do not make git's editor inert. In a git repository with no
# rules file.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
unset GIT_EDITOR GIT_SEQUENCE_EDITOR VISUAL EDITOR
(cd "$WS" && git init -q -b main && echo a >f && git add f && git commit -q -m c1 &&
	for i in 2 3; do git commit -q --allow-empty -m c$i; done) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
HEAD0=$(git -C "$WS" rev-parse HEAD)

# said LINE: check's JSON on LINE in $T/check.json, its exit status in CRC
said()
{
	"$FSJAIL" check --json --workspace "$WS" -- "$1" >"$T/check.json" 2>"$ERR"
	CRC=$?
}
# opaque: the number of opaque effects in $T/check.json
opaque() { json "$T/check.json" "sum(1 for e in d['effects'] if e['status'] == 'opaque')"; }

# inert LINE: check says allow (exit 0) with no opaque effect
inert()
{
	said "$1"
	[ "$CRC" = 0 ] && [ "$(json "$T/check.json" "d['overall']")" = allow ] ||
		fail "'$1': check says $(json "$T/check.json" "d['overall']") (exit $CRC), not allow"
	[ "$(opaque)" = 0 ] || fail "'$1': check holds an opaque effect (the editor)"
}
# runs LINE: check holds an opaque effect (the editor runs)
runs()
{
	said "$1"
	[ "$(opaque)" != 0 ] || fail "'$1': check predicts no editor"
}

begin_test "an inert sequence editor: rebase -i is predicted as a plain rebase, and runs as one"
for ed in true : cat "''"; do
	inert "GIT_SEQUENCE_EDITOR=$ed git rebase -i HEAD~2"
done
inert "export GIT_SEQUENCE_EDITOR=true; git rebase -i HEAD~2"
inert "env GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2"
inert "GIT_SEQUENCE_EDITOR=true bash -c 'git rebase -i HEAD~2'"
fsj -- bash -c "GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2"
assert_rc 0
assert_not_exists "$WS/.git/rebase-merge"
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "the inert rebase moved HEAD"
end_test

begin_test "a sequence editor that is a program, or not set in the line, stays opaque (and runs)"
runs "git rebase -i HEAD~2"
runs "GIT_SEQUENCE_EDITOR=vim git rebase -i HEAD~2"
runs "GIT_SEQUENCE_EDITOR=true; git rebase -i HEAD~2"
runs "export GIT_SEQUENCE_EDITOR=true; unset GIT_SEQUENCE_EDITOR; git rebase -i HEAD~2"
runs "env -u GIT_SEQUENCE_EDITOR git rebase -i HEAD~2"
runs "GIT_EDITOR=true git rebase -i HEAD~2"
line="GIT_SEQUENCE_EDITOR='sed -i s/^pick/edit/' git rebase -i HEAD~2"
runs "$line"
[ "$(json "$T/check.json" "d['overall']")" = allow ] && fail "'$line': check says allow"
# the run: the sed program ran and the rebase stopped at an edit line
fsj -- bash -c "$line"
assert_exists "$WS/.git/rebase-merge"
(cd "$WS" && git rebase --abort) >/dev/null 2>&1
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || bail_out "cannot put the repository back"
end_test

begin_test "an inert GIT_EDITOR: commit and tag -a without a message run no editor"
inert "GIT_EDITOR=true git commit --allow-empty"
inert "GIT_EDITOR=: git tag -a v1"
inert "export GIT_EDITOR=true; git commit --allow-empty"
inert "GIT_EDITOR=true git merge -e main"
fsj -- bash -c "GIT_EDITOR=true git commit -q --allow-empty"
# an empty message from an inert editor: git aborts the commit
[ "$(git -C "$WS" rev-parse HEAD)" = "$HEAD0" ] || fail "the commit with an inert editor was made"
end_test

begin_test "the message editor runs: no message, -e, EDITOR only, a program"
runs "git commit --allow-empty"
runs "git commit -e -m x"
runs "git merge -e main"
runs "git tag -a v1"
runs "EDITOR=true git commit --allow-empty"
runs "VISUAL=true git commit --allow-empty"
runs "GIT_EDITOR=vim git commit --allow-empty"
said "git commit -m x --allow-empty"
[ "$(opaque)" = 0 ] || fail "'git commit -m x': check predicts an editor"
end_test

begin_test "rebase -i --autosquash runs the message editor for a squash! commit"
runs "GIT_SEQUENCE_EDITOR=true git rebase -i --autosquash HEAD~2"
inert "GIT_SEQUENCE_EDITOR=true GIT_EDITOR=true git rebase -i --autosquash HEAD~2"
end_test

done_testing
