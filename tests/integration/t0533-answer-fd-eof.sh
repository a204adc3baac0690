#!/bin/bash
# A harness that closes --answer-fd without answering (it died, or never
# meant to answer) read "fsjail: --answer-fd N: '' is not an answer": as if
# it had sent an empty word. End of file is now said as such; it is still
# deny and nothing runs. An answer without its newline still counts.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
NOTES=$HOME/notes.txt

begin_test "end of file on --answer-fd: said as end of file, deny, nothing runs"
echo original >"$NOTES"
fsj --ask-fd 3 --answer-fd 4 -- sh -c "echo changed > $NOTES" 3>"$T/req" 4</dev/null
assert_rc 4
assert_content "$NOTES" original
assert_err_match "--answer-fd 4: end of file before an answer: taken as deny"
! grep -q "is not an answer" "$ERR" || fail "end of file said as an answer"
end_test

begin_test "an empty line is still an answer that is not one"
printf '\n' >"$T/ans"
fsj --ask-fd 3 --answer-fd 4 -- sh -c "echo changed > $NOTES" 3>"$T/req" 4<"$T/ans"
assert_rc 4
assert_content "$NOTES" original
assert_err_match "'' is not an answer"
end_test

begin_test "once without its newline, then end of file: the answer counts"
printf 'once' >"$T/ans"
fsj --ask-fd 3 --answer-fd 4 -- sh -c "echo changed > $NOTES" 3>"$T/req" 4<"$T/ans"
assert_rc 0
assert_content "$NOTES" changed
end_test

done_testing
