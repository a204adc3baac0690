#!/bin/bash
# `check` predicts what `run` does to ls (issue 12 item 7, user6): ls was
# not in the program table, so `check -- 'ls ~/private'` said allow (only
# the execute of ls), and the run that followed was refused listing the
# folder. ls now reads each operand, the current folder without one.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

mkdir -p "$HOME/private" "$WS/src"
echo key >"$HOME/private/key"
echo x >"$WS/src/a.c"

chk()
{
	"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$1" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="fsjail check --json -- $1"
}

begin_test "ls of a folder outside every grant: check asks for read, run is refused"
chk "ls $HOME/private"
assert_rc 3 "prompt"
[ "$(json "$OUT" 'any(m["capability"] == "read" and m["path"] == "'"$HOME"'/private" for m in d["missing"])')" = True ] ||
	{ fail "read $HOME/private is not missing"; diag_last; }
fsj -- ls "$HOME/private"
assert_failed
assert_err_match "Permission denied"
end_test

begin_test "ls in the workspace, with and without an operand: allowed by both"
chk "ls -la src && ls"
assert_rc 0 "allow"
[ "$(json "$OUT" 'any(e["capability"] == "read" and e["path"] == "'"$WS"'/src" for e in d["effects"]) and any(e["capability"] == "read" and e["path"] == "'"$WS"'" for e in d["effects"])')" = True ] ||
	{ fail "the reads of src and of the workspace are not predicted"; diag_last; }
fsj -- sh -c 'ls -la src && ls'
assert_rc 0
end_test

begin_test "ls -d lists no folder: check allows it, and so does run"
chk "ls -d $HOME/private"
assert_rc 0 "allow"
fsj -- ls -d "$HOME/private"
assert_rc 0
end_test

done_testing
