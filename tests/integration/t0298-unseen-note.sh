#!/bin/bash
# The note "the command failed ...; refused reads and executes are not
# listed" comes only where it can be true and is the next thing to look
# at (hint13; runmsg_note_failed(), fsjail(1) REFUSALS). It came after any
# failed run: at tier writes, where the kernel refuses no read and no
# execute; after a run whose refusals the summary lists, with their
# hints, right above it; and it read as if something had been refused.
# Now (msg32): no note unless something was refused, naming the last;
# at tier writes without the unlisted part; tier process: executes only.
# t0210 keeps the rest (--quiet, success, --report, 127, a signal).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

NOTE='not listed \(--report FILE'

begin_test "tier writes, a write refused: the note names it, and no kind of unlisted refusal"
fsj --enforce writes -- sh -c 'echo x >"$HOME/t0298"; exit 3'
assert_rc 3
assert_err_match "^fsjail: note: the command failed \(status 3\) after fsjail refused create $HOME/t0298 \(the refusal above\)\$"
grep -q 'not listed' "$ERR" && fail "tier writes printed the unlisted part: $(cat "$ERR")"
end_test

begin_test "tier process, a write refused: the note names executes only"
fsj --enforce process -- sh -c 'echo x >"$HOME/t0298"; exit 3'
assert_rc 3
assert_err_match "after fsjail refused create $HOME/t0298 \(the refusal above\); refused executes are $NOTE"
grep -q 'refused reads' "$ERR" && fail "tier process names reads: $(cat "$ERR")"
end_test

begin_test "tier full, nothing seen refused: status 1 (grep's no) no note; status 3 the unseen note"
fsj --enforce full -- sh -c 'exit 1'; grep -q 'fsjail: note' "$ERR" && fail "a note: $(cat "$ERR")"
fsj --enforce full -- sh -c 'exit 3'; assert_rc 3
assert_err_match 'status 3\) and fsjail saw nothing refused; refused reads and executes are not listed'
end_test

begin_test "refusals listed with their hints: the note after them, naming the last (msg29, t0426)"
fsj -- sh -c 'echo x >"$HOME/outside.txt"; echo y >"$HOME/outside2.txt"'
assert_failed
assert_err_match "create $HOME/outside\.txt"
assert_err_match "to allow them: "
assert_err_match "^fsjail: note: the command failed \(status [0-9]*\) after fsjail refused create $HOME/outside2\.txt \(the last of 2 refusals above\); refused reads and executes are $NOTE"
end_test

done_testing
