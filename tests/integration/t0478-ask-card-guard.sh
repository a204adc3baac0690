#!/bin/bash
# The ask card named nothing for `git rebase -i` (user23): check asks for
# it (the editor may add an exec line to the todo list, which the
# listener refuses when the command runs: prog-git-guard.c), but that
# effect has no missing pair, so the card said "this command needs
# access the rules do not grant" and listed no path, and no answer
# changed what it asked about. The card now names the todo list and the
# listener's why-note ("checked when it runs"), escaped; answered once,
# the rebase runs and the todo list with no exec line goes through. As
# root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libserial.sh" pty

plan_user_pass FSJ_T0478_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v python3 >/dev/null || bail_out "python3 is needed"
PTY=$TEST_SRCDIR/helpers/pty-answer.py
git_env
(cd "$WS" && git init -q -b main && for i in 1 2 3; do
	echo $i >>f && git add f && git commit -q -m c$i; done) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"
TODO=$WS/.git/rebase-merge/git-rebase-todo

# rebase_card ANSWER SEQ-EDITOR EDITOR: fsjail run --ask -c 'git rebase -q
# -i HEAD~2' in $WS on a pseudo-terminal, answering the card with ANSWER;
# the terminal's output in $OUT.
rebase_card()
{
	(cd "$WS" && GIT_SEQUENCE_EDITOR=$2 GIT_EDITOR=$3 /usr/bin/python3 "$PTY" \
		'[d]eny, allow [o]nce' "$1" "$OUT" -- "$FSJAIL" run --workspace "$WS" --ask \
		-c 'git rebase -q -i HEAD~2' 2>"$ERR")
	RC=$?
	LAST_CMD="(pty, answer $1) GIT_SEQUENCE_EDITOR='$2' fsjail run --ask -c 'git rebase -q -i HEAD~2'"
}

begin_test "the card for git rebase -i names the todo list and why the listener checks it"
rebase_card d true true
assert_rc 4
assert_out_match "\\(checked when it runs: create $TODO; repository-metadata: the todo list the editor writes is refused if it holds an exec line"
assert_not_exists "$WS/.git/rebase-merge"
end_test

begin_test "answered once, the rebase runs and nothing is left of it"
rebase_card o "sed -i 2s/^pick/squash/" true
assert_rc 0
[ "$(git -C "$WS" rev-list --count HEAD)" = 2 ] || fail "the squash did not happen: $(git -C "$WS" log --oneline)"
assert_not_exists "$WS/.git/rebase-merge"
end_test

end_user_pass
done_testing
