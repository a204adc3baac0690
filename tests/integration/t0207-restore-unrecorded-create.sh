#!/bin/bash
# A run killed between a create and its record (the listener records a
# create after making the file) leaves a file that no record names. When
# it sits at the old name of a rename the run recorded (the atomic-save
# shape: f.tmp made, renamed over f, f.tmp made again, kill), restore used
# to refuse the move-back ("its old name exists") and exit 125; now a file
# born after the cycle began goes to the trash first, as a recorded one
# would, and the move-back is done. One born before is never touched.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

stray_case()
{
	rm -rf "$STATE_DIR" "$WS"/*
	printf 'old\n' >"$WS/f"
	printf 'other\n' >"$WS/g"
	fsj_sh -- 'printf new >f.tmp && mv f.tmp g'
	assert_rc 0
}

begin_test "an unrecorded file at the old name is trashed and the rename undone"
stray_case
sleep 1.1
printf 'stray\n' >"$WS/f.tmp" # the create whose record the kill lost
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_rc 0
assert_content "$WS/g" other
assert_not_exists "$WS/f.tmp"
assert_content "$WS/f" old
end_test

begin_test "--dry-run says the same and changes nothing"
stray_case
sleep 1.1
printf 'stray\n' >"$WS/f.tmp"
"$FSJAIL" backups restore --dry-run --workspace "$WS" >"$OUT" 2>"$ERR"
assert_rc 0
grep -q "f.tmp" "$OUT" || fail "the dry run does not name f.tmp: $(cat "$OUT")"
grep -qi "cannot move it back" "$OUT" "$ERR" && fail "the dry run refuses the move-back"
assert_content "$WS/f.tmp" stray
end_test

begin_test "a file at the old name born before the cycle stays, and restore says so"
printf 'older\n' >"$T/older" # born before the cycle (mv keeps the inode)
sleep 1.1
stray_case
mv "$T/older" "$WS/f.tmp"
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_content "$WS/f.tmp" older
grep -qi "old name exists" "$OUT" "$ERR" || fail "no refusal said: $(cat "$OUT" "$ERR")"
end_test

done_testing
