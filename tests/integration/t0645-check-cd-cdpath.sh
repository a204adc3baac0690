#!/bin/bash
# `fsjail check` of `cd NAME` under CDPATH (chk38): bash looks a name that
# does not start with /, ./ or ../ up in CDPATH first, so `CDPATH=.git cd
# hooks && touch x` makes .git/hooks/x, which the run refuses; check took
# it for ./hooks/x and said "allow". A cd the line's CDPATH, or an entry
# of the environment's CDPATH that holds the name now, may send elsewhere
# leaves the folder unknown: check asks. Without CDPATH, or with a CDPATH
# that holds no such name, cd is followed as before.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
setup
git_ws
mkdir -p src .git/hooks
unset CDPATH

begin_test "a cd CDPATH may send elsewhere is not followed into the working folder"
check_not_allowed 'CDPATH=.git cd hooks && touch x' 'export CDPATH=.git; cd hooks; echo x > y' \
	'CDPATH=.git pushd hooks && touch x'
CDPATH=$WS/.git run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- 'cd hooks && touch x'
[ "$RC" = 3 ] || [ "$RC" = 4 ] || fail "check allowed 'cd hooks' under CDPATH=.git (status $RC)"
end_test

begin_test "cd without CDPATH, or one that names no such folder, is followed"
check_allowed 'cd src && touch x' 'CDPATH=.git cd ./src && touch x'
CDPATH=/nonexistent run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'cd src && touch x'
[ "$RC" = 0 ] || fail "check did not allow 'cd src' under a CDPATH without src (status $RC)"
end_test

done_testing
