#!/bin/bash
# The note "the command failed ...; refused reads and executes are not
# listed" comes only where it can be true and is the next thing to look
# at (hint13; runmsg_note_unseen(), fsjail(1) REFUSALS). It came after any
# failed run: at tier writes, where the kernel refuses no read and no
# execute; after a run whose refusals the summary lists, with their
# hints, right above it; and it read as if something had been refused.
# Now: no note at tier writes; tier process names executes only; after
# listed refusals (msg29: they may be unrelated) it says "besides" them.
# t0210 keeps the rest (--quiet, success, --report, 127, a signal).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

NOTE='not listed \(--report FILE'

begin_test "tier writes: nothing can refuse a read or an execute, no note"
fsj --enforce writes -- sh -c 'exit 3'
assert_rc 3
grep -q 'not listed' "$ERR" && fail "tier writes printed the note: $(cat "$ERR")"
end_test

begin_test "tier process: the note names executes only"
fsj --enforce process -- sh -c 'exit 3'
assert_rc 3
assert_err_match "fsjail saw nothing refused, but refused executes are $NOTE"
grep -q 'refused reads' "$ERR" && fail "tier process names reads: $(cat "$ERR")"
end_test

begin_test "tier full, nothing seen refused: the note says so, and names reads and executes"
fsj --enforce full -- sh -c 'exit 3'
assert_rc 3
assert_err_match "^fsjail: note: the command failed and fsjail saw nothing refused, but refused reads and executes are $NOTE"
[ "$(grep -c 'not listed' "$ERR")" = 1 ] || fail "not one line: $(cat "$ERR")"
end_test

begin_test "refusals listed with their hints: the note after them (msg29, t0426)"
fsj -- sh -c 'echo x >"$HOME/outside.txt"'
assert_failed
assert_err_match "create $HOME/outside\.txt"
assert_err_match "to allow it: "
assert_err_match "^fsjail: note: the command failed; besides the refusals above, refused reads"
end_test

done_testing
