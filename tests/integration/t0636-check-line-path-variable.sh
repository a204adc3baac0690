#!/bin/bash
# A variable the line sets to one literal path (`D=.git/hooks`, `D=src/x`,
# `D=/etc`) was "known only at run time", anywhere: check asked, with no
# grant to offer, for `D=src/x; rm -rf $D` (a false prompt) and for
# `D=.git/hooks; printf x >$D/pre-commit`, which the run refuses (user32).
# check now uses such a value as bash would (not one with a blank, a glob
# character, a run-time part or a ~ the assignment expands).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 1
check_repo_setup
ws_repo >/dev/null 2>&1

begin_test "a line's own path variable: decided where it points"
for pair in 'refuse|D=.git/hooks; printf x >$D/pre-commit' 'refuse|D=/etc; echo x >$D/passwd' \
	'allow|D=src/x; mkdir -p $D && rm -rf $D' 'prompt|D=~/x; rm -rf $D' \
	'prompt|D="a b/c"; rm -rf $D'; do
	want=${pair%%|*} line=${pair#*|}
	got=$(said "$line")
	[ "$got" = "$want" ] || fail "'$line': check says $got, not $want"
done
fsj -- bash -c 'D=.git/hooks; printf x >$D/pre-commit'
assert_failed
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

done_testing
