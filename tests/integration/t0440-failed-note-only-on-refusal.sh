#!/bin/bash
# A non-zero exit is normal (grep, test, diff): fsjail said "the command
# failed and fsjail saw nothing refused, but refused reads and executes are
# not listed" after every one of them (msg32 item 2), as if the sandbox
# might have made it fail. Now the note comes only after a refusal fsjail
# saw during the run, and names it (runmsg_note_failed(); fsjail(1)
# REFUSALS).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

begin_test "fsjail run -- false: status 1, nothing on stderr"
fsj -- false
assert_rc 1
[ -s "$ERR" ] && fail "stderr is not empty: $(cat "$ERR")"
end_test

begin_test "grep without a match, test, diff: their status, no note"
echo a >"$WS/a"
echo b >"$WS/b"
fsj -- grep -q zzz a
assert_rc 1
grep -q 'fsjail: note' "$ERR" && fail "grep without a match got a note: $(cat "$ERR")"
fsj -- test -e nothing-here
assert_rc 1
grep -q 'fsjail: note' "$ERR" && fail "test got a note: $(cat "$ERR")"
fsj -- diff a b
assert_rc 1
grep -q 'fsjail: note' "$ERR" && fail "diff got a note: $(cat "$ERR")"
end_test

begin_test "a refused create before the failure: the note names it, once, after the summary"
fsj -- sh -c 'echo x >"$HOME/t0440-out"; exit 4'
assert_rc 4
assert_err_match "^fsjail: note: the command failed \(status 4\) after fsjail refused create $HOME/t0440-out \(the refusal above\)"
[ "$(grep -c 'fsjail: note: the command failed' "$ERR")" = 1 ] || fail "not one note: $(cat "$ERR")"
s=$(grep -n 'refusal in this run' "$ERR" | cut -d: -f1)
n=$(grep -n 'the command failed' "$ERR" | cut -d: -f1)
[ -n "$s" ] && [ -n "$n" ] && [ "$n" -gt "$s" ] || fail "note at line '$n', summary at '$s': $(cat "$ERR")"
assert_not_exists "$HOME/t0440-out"
end_test

begin_test "--quiet: no note under a refusal; a run that succeeded after one: no note"
fsj --quiet -- sh -c 'echo x >"$HOME/t0440-out"; exit 4'
assert_rc 4
grep -q 'the command failed' "$ERR" && fail "--quiet printed the note: $(cat "$ERR")"
fsj -- sh -c 'echo x >"$HOME/t0440-out"; exit 0'
assert_rc 0
grep -q 'the command failed' "$ERR" && fail "a successful run got the note: $(cat "$ERR")"
end_test

done_testing
