#!/bin/bash
# `fsjail run -- sh -c '...' | head` (user12): the reader closes the pipe,
# the command's writer dies of SIGPIPE and the shell above it exits
# 128+13 = 141. fsjail said "the command failed and fsjail saw nothing
# refused, but refused reads and executes are not listed (--report
# FILE ...)" under it, pointing at reads when the cause is the closed
# pipe. A command that dies of the signal itself got no note (t0210): a
# shell's 141 is the same thing and gets none either; any other failure
# after a refusal keeps it (t0298; msg32: none without a refusal, t0440).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

NOTE='the command failed'

begin_test "sh -c 'seq ...' | head -1: status 141, no note about reads"
"$FSJAIL" run --workspace "$WS" -- sh -c 'seq 1 1000000' 2>"$ERR" | head -1 >"$OUT"
RC=${PIPESTATUS[0]}
LAST_CMD="fsjail run -- sh -c 'seq 1 1000000' | head -1"
assert_rc 141
assert_out_eq 1
grep -q "$NOTE" "$ERR" && fail "the note came after a closed pipe: $(cat "$ERR")"
end_test

begin_test "the command itself killed by SIGPIPE: no note (as before)"
"$FSJAIL" run --workspace "$WS" -- seq 1 1000000 2>"$ERR" | head -1 >"$OUT"
RC=${PIPESTATUS[0]}
assert_rc 141
grep -q "$NOTE" "$ERR" && fail "the note came after SIGPIPE: $(cat "$ERR")"
end_test

begin_test "another failure after a refusal keeps the note"
fsj -- sh -c 'echo x >"$HOME/t0362"; exit 140'
assert_rc 140
assert_err_match "$NOTE \\(status 140\\)"
end_test

done_testing
