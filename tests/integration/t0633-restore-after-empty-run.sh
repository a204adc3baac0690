#!/bin/bash
# A run that changes nothing leaves no cycle, so `fsjail backups restore`
# typed right after it undid the run BEFORE it, without a word: an agent
# step refused whole (every write protected), then restore "to be sure",
# and the previous step's commit was gone (user32: git reset to the
# commit before, the new objects in the trash). restore now says first,
# on stderr, that the last run here left no cycle and which cycle it is
# about to take instead; a run that did change something gets no note.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
echo one >"$WS/f"

begin_test "restore after a run that changed nothing names that run and the cycle it takes"
fsj -- sh -c 'echo two >>f'
assert_rc 0
fsj -- cat f
assert_rc 0
(cd "$WS" && "$FSJAIL" backups restore --dry-run) >"$OUT" 2>"$ERR"
assert_out_match "would restore $WS/f"
assert_err_match "the last run here, 'cat f' .*left no cycle"
(cd "$WS" && "$FSJAIL" backups restore) >"$OUT" 2>"$ERR"
assert_content "$WS/f" one
assert_err_match "left no cycle"
end_test

begin_test "restore right after a run that changed something: no note"
fsj -- sh -c 'echo three >>f'
(cd "$WS" && "$FSJAIL" backups restore) >"$OUT" 2>"$ERR"
assert_content "$WS/f" one
grep -q 'left no cycle' "$ERR" && fail "a note for a run that has its cycle: $(cat "$ERR")"
end_test

done_testing
