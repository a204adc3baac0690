#!/bin/bash
# `fsjail log` in text form left out the command line of each run and
# refusal (msg32 item 3): the NDJSON had it ("command"), the terminal view
# did not, so a user could not tell which run a line belonged to. Now each
# line with a command ends "  [command: LINE]", escaped like every field
# (fsj_escape_term()) and cut past 60 columns with "..." where no escape is
# split (audit_render_line()); --json keeps the line whole and exact.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

begin_test "a run's start and end and its refusal name the command"
fsj -- sh -c 'echo x >"$HOME/t0441-out"; exit 0'
assert_rc 0
run_cmd "$FSJAIL" log --tail 3
assert_rc 0
assert_out_match "run-start - $WS \(fsjail\): [a-z]+  \[command: sh -c echo x >\"\\\$HOME/t0441-out\"; exit 0\]\$"
assert_out_match "deny create $HOME/t0441-out \(policy\): .*  \[command: sh\]\$"
assert_out_match "run-end - $WS \(fsjail\): status 0  \[command: sh -c "
end_test

begin_test "a long command line is cut at 60 columns with an ellipsis; --json has it whole"
LONG=$(printf 'a%.0s' $(seq 1 200))
fsj -- echo "$LONG"
assert_rc 0
run_cmd "$FSJAIL" log --tail 1
assert_out_match "  \[command: echo a{52}\.\.\.\]\$"
run_cmd "$FSJAIL" log --json --tail 1
grep -qF "\"command\":\"echo $LONG\"" "$OUT" || fail "--json lost the command line: $(cat "$OUT")"
end_test

begin_test "control bytes in the command line are escaped, and a cut splits no escape"
fsj -- printf "$(printf 'x\033[31m%.0s' $(seq 1 20))"
assert_rc 0
run_cmd "$FSJAIL" log --tail 1
if LC_ALL=C grep -q "$(printf '\033')" "$OUT"; then fail "a raw ESC byte reached the output"; fi
assert_out_match '  \[command: printf (x\\x1b\[31m){5}x\\x1b\.\.\.\]$'
end_test

begin_test "a command line of 60 columns exactly is shown whole"
fsj -- echo "$(printf 'b%.0s' $(seq 1 55))"
run_cmd "$FSJAIL" log --tail 1
assert_out_match "  \[command: echo b{55}\]\$"
end_test

done_testing
