#!/bin/bash
# A run killed between a create and its "created" record (issue 14): the
# listener writes a "creating" record BEFORE each create, so the killed
# create is named; restore takes the object to the trash only when it is
# proven the run's: at that name, in the folder the record names (by
# identity), born at or after the record (statx btime). Here the
# atomic-save shape: f.tmp made and renamed over g, f.tmp made again and
# the run killed before its "created" record (the record is written into
# the cycle as the listener writes it). The restore then trashes f.tmp
# and moves g's file back. A file at that name with no record, or older
# than its record, or in another folder, is left, and said: nothing is
# trashed on a guess (this replaces a restore-side guess that trashed any
# unrecorded file born after the cycle began at a rename's old name).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

# stray_case: a cycle of "f.tmp made, renamed over g"
stray_case()
{
	rm -rf "$STATE_DIR" "$WS"/*
	printf 'old\n' >"$WS/f"
	printf 'other\n' >"$WS/g"
	fsj_sh -- 'printf new >f.tmp && mv f.tmp g'
	assert_rc 0
	MAN=$(find "$STATE_DIR" -name manifest.ndjson | head -1)
	[ -n "$MAN" ] || bail_out "no manifest"
}

# creating PATH [DIR]: the record the listener writes before making PATH
# in DIR (default: PATH's folder), now; then the object is born after it
creating()
{
	local dir=${2:-$(dirname "$1")} now
	now=$(date +%s%N)
	printf '{"op":"creating","path":"%s","dir_dev":"%s","dir_ino":"%s","since":%s,"since_ns":%s}\n' \
		"$1" "$(stat -c %d "$dir")" "$(stat -c %i "$dir")" "${now%?????????}" \
		"$((10#${now: -9}))" >>"$MAN"
	sleep 0.05 # past the coarse clock file times are stamped with
}

begin_test "a killed create's object (its creating record only) is trashed and the rename undone"
stray_case
creating "$WS/f.tmp"
printf 'stray\n' >"$WS/f.tmp"
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_rc 0
assert_content "$WS/g" other
assert_not_exists "$WS/f.tmp"
assert_content "$WS/f" old
ls "$HOME/.local/share/Trash/files" | grep -q '^f.tmp' || fail "f.tmp is not in the trash"
end_test

begin_test "--dry-run says the same and changes nothing"
stray_case
creating "$WS/f.tmp"
printf 'stray\n' >"$WS/f.tmp"
"$FSJAIL" backups restore --dry-run --workspace "$WS" >"$OUT" 2>"$ERR"
assert_rc 0
grep -q "trash.*f.tmp" "$OUT" || fail "the dry run does not trash f.tmp: $(cat "$OUT")"
grep -qi "cannot move it back" "$OUT" "$ERR" && fail "the dry run refuses the move-back"
assert_content "$WS/f.tmp" stray
end_test

begin_test "an unrecorded file at the old name is left, and restore says so"
stray_case
printf 'stray\n' >"$WS/f.tmp" # born in the cycle's time, but no record names it
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_content "$WS/f.tmp" stray
grep -qi "old name exists" "$OUT" "$ERR" || fail "no refusal said: $(cat "$OUT" "$ERR")"
end_test

begin_test "a file older than its creating record stays, and restore says so"
printf 'older\n' >"$T/older" # born before the record (mv keeps the inode)
stray_case
creating "$WS/f.tmp"
mv "$T/older" "$WS/f.tmp"
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_content "$WS/f.tmp" older
grep -q "f.tmp.*older: left" "$ERR" || fail "not said: $(cat "$OUT" "$ERR")"
end_test

begin_test "a creating record of another folder takes nothing"
stray_case
mkdir -p "$T/elsewhere"
creating "$WS/f.tmp" "$T/elsewhere"
printf 'stray\n' >"$WS/f.tmp"
"$FSJAIL" backups restore --workspace "$WS" >"$OUT" 2>"$ERR"
assert_content "$WS/f.tmp" stray
grep -q "f.tmp.*not the one it was made in" "$ERR" || fail "not said: $(cat "$OUT" "$ERR")"
end_test

done_testing
