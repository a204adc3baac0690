#!/bin/bash
# Snapshot mode does not take a new folder on a reused inode number for a
# rename (flaky t0140 test 2; src/snapshot.c, snapshot-diff.c): the run
# removes folder gone, then makes newdir until it gets gone's inode
# number (bounded); the manifest must say rmdir gone and no rename
# gone -> newdir, and restore must bring gone back with its file and
# trash newdir. An entry born after the snapshot began (statx
# STX_BTIME) is new whatever its number. Skips when the filesystem gives
# no birth time or the number is not reused within the bound. As root
# the home is a small ext4 of its own (256-byte inodes: birth times), so
# no other test takes the freed number first (CI skipped under load).
. "$(dirname "$0")/libserial.sh" loop
. "$TEST_DIR/libundo.sh"

plan 2
setup
require_landlock

is_root && loop_fs_home mkfs.ext4 64M "inode reuse on a quiet filesystem" -I 256
snapshot_mode

mkdir -p "$WS/gone"
printf 'kept\n' >"$WS/gone/h.txt"
INO=$(stat -c %i "$WS/gone")
cp -a "$WS" "$T/before"
if [ "$(stat -c %W "$WS/gone" 2>/dev/null)" = 0 ] || [ "$(stat -c %W "$WS/gone" 2>/dev/null)" = "-" ]; then
	skip_rest_kernel "this filesystem gives no birth time (statx STX_BTIME)"
fi

begin_test "a folder removed and a new one on its inode number: rmdir + created, not a rename"
# shellcheck disable=SC2016
fsj_sh -- 'rm -rf gone
	for i in $(seq 1 300); do
		mkdir newdir || exit 3
		[ "$(stat -c %i newdir)" = "$1" ] && { echo n >newdir/n.txt; exit 0; }
		rmdir newdir || exit 4
	done
	exit 7' "$INO"
if [ "$RC" = 7 ]; then
	skip "the inode number $INO was not reused within 300 tries"
	skip "(no reuse)"
	done_testing
	exit 0
fi
assert_rc 0
man=$(ls "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson)
grep -q '"op":"renamed","from":"'"$WS"'/gone"' "$man" && fail "gone was recorded as renamed: $(grep renamed "$man")"
grep -q '"op":"rmdir","path":"'"$WS"'/gone"' "$man" || fail "no rmdir record of gone"
[ "$T_FAIL" = 1 ] && diag_file manifest "$man"
end_test

begin_test "restore brings gone back with its file and removes newdir"
restored_as "$T/before"
assert_content "$WS/gone/h.txt" kept
assert_not_exists "$WS/newdir"
end_test

done_testing
