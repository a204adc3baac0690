#!/bin/bash
# A refused read or execute is silent unless reads are traced (issue 12
# item 4; fsjail(1) REFUSALS): when the command fails after a refusal
# fsjail saw (msg32) and reads are not traced, fsjail says in one line that
# such refusals are not listed and how to see them (runmsg-failed.c). Not
# with --quiet, nor after success, nor when --report or 'report: reads' traces them.
# The note names the file 'report: reads' goes in, config.yaml, not only
# its manual page (user5: fsjail.yaml(5) alone read as a file name).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock; export FSJAIL_NO_MOUNT_MASKS=1 # Landlock refuses: a mask reads empty

echo "top secret" >"$WS/secret"
write_rules <<EOF
rules:
  - id: no-secret
    path: $WS/secret
    recursive: false
    deny: [read]
EOF
HINT='refused reads and executes are not listed \(--report FILE, or .report: reads. in config.yaml, fsjail.yaml\(5\), lists them\)'

begin_test "an untraced read refusal and nothing seen refused: no note (msg32: a failed status is normal; t0440)"
fsj -- cat secret
assert_failed
assert_err_match "Permission denied"
grep -q 'are not listed' "$ERR" && fail "a note with nothing refused seen: $(cat "$ERR")"
end_test

begin_test "--quiet: no hint"
fsj --quiet -- cat secret
assert_failed
grep -q 'are not listed' "$ERR" && fail "--quiet printed the hint: $(cat "$ERR")"
end_test

begin_test "a command that succeeded: no hint"
fsj -- sh -c 'cat secret; exit 0'
assert_rc 0
grep -q 'are not listed' "$ERR" && fail "a successful run printed the hint: $(cat "$ERR")"
end_test

begin_test "reads traced (--report): the refusal is listed, no hint"
fsj --report "$T/report.ndjson" -- cat secret
assert_failed
assert_err_match "read $WS/secret: explicit rule 'no-secret'"
grep -q 'are not listed' "$ERR" && fail "the hint was printed with --report: $(cat "$ERR")"
end_test

begin_test "not found (127), and a run ended by a signal sent to it: no hint (nothing refused made them)"
fsj -- sh -c 'cat secret; exec /nonexistent-t0210'
assert_rc 127
grep -q 'are not listed' "$ERR" && fail "127 printed the hint: $(cat "$ERR")"
"$FSJAIL" run --workspace "$WS" -- sh -c 'cat secret; exec sleep 30' >"$OUT" 2>"$ERR" &
pid=$!
for _ in $(seq 100); do [ "$(cat /proc/$pid/comm 2>/dev/null)" = fsjail ] && break; sleep 0.05; done
sleep 0.5
kill -TERM "$pid"
wait "$pid"
RC=$?
[ "$RC" != 0 ] || fail "the run ended with 0 after SIGTERM"
grep -q 'are not listed' "$ERR" && fail "a signalled run printed the hint: $(cat "$ERR")"
end_test

done_testing
