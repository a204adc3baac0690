#!/bin/bash
# A grant of execute without read on a file (issue 12 item 7.2): Landlock
# refuses the exec (execve opens the file for reading: READ_FILE is needed
# too), and explain said allow with nothing listed. fsjail does not add
# read to such a grant (fsjail.yaml(5) CAPABILITIES); explain says the
# execute is not in force, check asks for the read, status and run warn
# of the rule, and a run refused the command names the missing read.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

B=$T/bin/truebin # under /home, outside HOME: no baseline read
mkdir -p "$T/bin" && cp "$(type -P true)" "$B" && chmod 755 "$B" || bail_out "no binary"

begin_test "explain: execute allowed but not in force without read; in force with it"
"$FSJAIL" explain --json --workspace "$WS" --grant "execute:$B" "$B" >"$OUT" 2>"$ERR" ||
	fail "explain failed"
[ "$(json "$OUT" "d['paths'][0]['capabilities']['read']['allowed']")" = False ] ||
	fail "read is allowed here: the test needs a file without read"
[ "$(json "$OUT" "d['paths'][0]['capabilities']['execute']['in_force']")" = False ] ||
	fail "explain says an execute without read is in force"
"$FSJAIL" explain --json --workspace "$WS" --grant "read,execute:$B" "$B" >"$OUT" 2>"$ERR"
[ "$(json "$OUT" "d['paths'][0]['capabilities']['execute']['in_force']")" = True ] ||
	fail "explain says read,execute is not in force"
end_test

begin_test "run: refused, the rule warned of and the missing read named; read,execute runs"
fsj --grant "execute:$B" -- "$B"
assert_rc_not 0
assert_err_match "grants execute on $B without read: not in force"
assert_err_match "read $B: "
fsj --grant "read,execute:$B" -- "$B"
assert_rc 0
end_test

begin_test "check: asks for the read (prompt), allows read,execute"
"$FSJAIL" check --json --workspace "$WS" --grant "execute:$B" -- "$B" >"$OUT" 2>"$ERR"
[ "$(json "$OUT" "d['overall']")" = prompt ] || fail "check does not ask: $(cat "$OUT")"
[ "$(json "$OUT" "[m['capability'] for m in d['missing'] if m['path'] == '$B']")" = "['read']" ] ||
	fail "check does not name the missing read"
"$FSJAIL" check --json --workspace "$WS" --grant "read,execute:$B" -- "$B" >"$OUT" 2>"$ERR"
[ "$(json "$OUT" "d['overall']")" = allow ] || fail "check does not allow read,execute"
end_test

begin_test "status warns of the rule"
run_cmd "$FSJAIL" status --workspace "$WS" --grant "execute:$B"
assert_out_match "grants execute on $B without read: not in force"
end_test

done_testing
