#!/bin/bash
# A harness asks `fsjail check --json --cwd DIR LINE` from its own folder,
# then runs the line in DIR. check took the workspace from the folder it
# was called in, not from DIR: called from the home folder it refused
# (a home is no workspace) and called from another project it decided
# against that project's workspace, where the run would use DIR's. check
# now decides as a run started in DIR would.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
mkdir -p "$WS/sub" "$HOME/other"
git init -q "$WS" || bail_out "git init failed" # the workspace: the work tree's top

# chk_from DIR ARGS...: fsjail check --json ARGS from DIR; sets OUT, ERR, RC
chk_from()
{
	local dir=$1
	shift
	(cd "$dir" && "$FSJAIL" check --json "$@" >"$OUT" 2>"$ERR")
	RC=$?
	LAST_CMD="(cd $dir && fsjail check --json $(printf '%q ' "$@"))"
}

begin_test "check from the home folder with --cwd in the workspace: its workspace, allowed"
chk_from "$HOME" --cwd "$WS/sub" -- 'rm -f x'
assert_rc 0
[ "$(json "$OUT" 'd["workspace"]' 2>/dev/null)" = "$WS" ] || fail "workspace is not $WS: $(head -c 300 "$OUT")"
end_test

begin_test "check from another project with --cwd in the workspace: decided as the run in it"
chk_from "$HOME/other" --cwd "$WS" -- 'rm -f x'
assert_rc 0
[ "$(json "$OUT" 'd["workspace"]' 2>/dev/null)" = "$WS" ] || fail "workspace is not $WS: $(head -c 300 "$OUT")"
(cd "$HOME/other" && "$FSJAIL" check --json --cwd "$WS" -- "rm -f $HOME/other/y" >"$OUT" 2>"$ERR")
RC=$?
assert_rc 3
end_test

begin_test "check --cwd of a folder that does not exist: status 125, nothing decided"
chk_from "$WS" --cwd "$WS/nosuch" -- 'rm -f x'
assert_rc 125
assert_err_match "--cwd '$WS/nosuch'"
end_test

done_testing
