#!/bin/bash
# Undo of hard-linked files and of large deletes (issue 14, DESIGN.md
# section 9: backups keyed by file identity; every name a run removed comes
# back, as hard links of one inode where they were before). Each case
# checks content byte for byte and identity (`stat -c %i` of both names
# equal, link count 2): rm -rf of a folder holding two names of one file
# (fsjail before this brought back one name only), a rename over one name
# of a linked pair, a truncate through one name then rm of the other, a
# restore of one name by path; and the delete of a 12 MB file (over
# backup.max_size_mb: it was "too large" to restore) comes back whole.
# Run as root, and (when root) again as the ordinary user FSJAIL_TEST_USER
# (default cloudsdk) from a copy of this script under runuser(1).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_LINKS_USER_PASS 9
setup
require_landlock

# linked_pair DIR: DIR/a and DIR/b, two names of one file.
linked_pair()
{
	mkdir -p "$1" && printf 'one file\n%s\n' "$RANDOM" >"$1/a" && ln "$1/a" "$1/b"
	sha256sum <"$1/a" >"$T/pair.sum"
}

# same_file A B [N]: both exist, hold the saved content, are one inode
# (with N names: the trash and the cycle may hold more).
same_file()
{
	local n
	for n in "$1" "$2"; do
		[ -f "$n" ] || { fail "$n is not back"; return; }
		sha256sum <"$n" | cmp -s - "$T/pair.sum" || fail "$n: content differs"
	done
	[ "$(stat -c %i "$1")" = "$(stat -c %i "$2")" ] ||
		fail "$1 and $2 are no longer one file (inodes $(stat -c %i "$1") $(stat -c %i "$2"))"
	[ -z "${3:-}" ] || [ "$(stat -c %h "$1")" = "$3" ] ||
		fail "$1: link count $(stat -c %h "$1"), not $3"
}

begin_test "rm -rf of a folder with two names of one file: both names back, one inode"
linked_pair "$WS/h"
fsj_sh -- 'rm -rf h'
assert_rc 0
[ ! -e "$WS/h" ] || fail "rm -rf did not remove h"
run_cmd "$FSJAIL" backups restore
assert_rc 0
same_file "$WS/h/a" "$WS/h/b" 2
run_cmd "$FSJAIL" backups restore
assert_rc 0
assert_out_match "^nothing to restore"
end_test

begin_test "a rename over one name of a linked pair: undone, the pair is one file again"
linked_pair "$WS/r"
echo other >"$WS/r/c"
fsj_sh -- 'mv r/c r/a'
assert_rc 0
run_cmd "$FSJAIL" backups restore
assert_rc 0
same_file "$WS/r/a" "$WS/r/b"
assert_content "$WS/r/c" other
end_test

begin_test "truncate through one name, then rm of the other: both back, one inode"
linked_pair "$WS/t"
# (an ordinary user's write to a linked file may be refused: then only rm)
fsj_sh -- 'truncate -s 0 t/a; rm t/b'
[ ! -e "$WS/t/b" ] || fail "rm did not remove t/b"
run_cmd "$FSJAIL" backups restore
assert_rc 0
same_file "$WS/t/a" "$WS/t/b"
end_test

begin_test "a restore of one name by path brings that name back"
linked_pair "$WS/p"
fsj_sh -- 'rm -rf p'
assert_rc 0
run_cmd "$FSJAIL" backups restore "$WS/p/a"
assert_rc 0
[ -f "$WS/p/a" ] || fail "p/a is not back"
sha256sum <"$WS/p/a" | cmp -s - "$T/pair.sum" || fail "p/a: content differs"
end_test

begin_test "the delete of a 12 MB file (over backup.max_size_mb) is undone byte for byte"
head -c 12M /dev/urandom >"$WS/big.bin"
sha256sum <"$WS/big.bin" >"$T/big.sum"
fsj_sh -- 'rm big.bin'
assert_rc 0
[ ! -e "$WS/big.bin" ] || fail "rm did not remove big.bin"
run_cmd "$FSJAIL" backups restore
assert_rc 0
sha256sum <"$WS/big.bin" 2>/dev/null | cmp -s - "$T/big.sum" || fail "big.bin is not back whole"
end_test

begin_test "a write to a file over backup.max_size_mb is said at the time: not kept"
head -c 12M /dev/urandom >"$WS/big2.bin"
fsj_sh -- 'echo more >>big2.bin'
assert_rc 0
assert_err_match "^fsjail: not kept: $WS/big2.bin \\(12 MB, over backup.max_size_mb: 10 MB\\)\$"
end_test

begin_test "backup.on_too_large: refuse: that write is refused, the file intact"
cp "$WS/big2.bin" "$WS/big3.bin"
sha256sum <"$WS/big3.bin" >"$T/big3.sum"
printf 'backup:\n  on_too_large: refuse\n' >"$CONFIG"
fsj_sh -- 'echo more >>big3.bin'
assert_rc 1
assert_err_match 'big3.bin'
sha256sum <"$WS/big3.bin" | cmp -s - "$T/big3.sum" || fail "big3.bin was changed"
rm -f "$CONFIG"
end_test

begin_test "a trashed record naming a file outside the user's trash is refused"
H=$STATE_DIR/sessions/hostile/modify_backup/20200101T000000.000000-1
mkdir -p "$H/files" "$T/elsewhere/files"
echo secret >"$T/elsewhere/files/x"
cat >"$H/manifest.ndjson" <<EOF
{"op":"cycle","session":"hostile","workspace":"$WS","kind":"run"}
{"op":"remove","path":"$WS/stolen","backup":null,"skipped":"too large","size":7,"mode":420,"dev":"1","ino":"2","mtime":0,"mtime_ns":0}
{"op":"trashed","path":"$WS/stolen","trash":"$T/elsewhere/files/x","dev":"1","ino":"2","size":7,"mode":420}
EOF
run_cmd "$FSJAIL" backups restore --session hostile
assert_err_match "not in this user's trash"
[ ! -e "$WS/stolen" ] || fail "a file outside the trash was taken into the workspace"
assert_content "$T/elsewhere/files/x" secret
rm -rf "$STATE_DIR/sessions/hostile"
end_test

# A workspace on another filesystem than the store (a tmpfs, as root):
# no link, the cycle cannot keep a 12 MB file; the trash has it (a copy)
# and restore takes it back from there.
if [ "$USER_PASS" = 1 ] || ! is_root; then
	skip "a tmpfs workspace needs root"
else
	begin_test "a 12 MB delete on another filesystem: restore takes it back from the trash"
	WS2=$T/other-fs
	mkdir -p "$WS2"
	if ! mount -t tmpfs -o size=64m fsjail-test "$WS2"; then
		skip_kernel "cannot mount a tmpfs"
	else
		head -c 12M /dev/urandom >"$WS2/big.bin"
		sha256sum <"$WS2/big.bin" >"$T/big2.sum"
		"$FSJAIL" run --workspace "$WS2" -- rm "$WS2/big.bin" >"$OUT" 2>"$ERR"
		RC=$?
		assert_rc 0
		[ ! -e "$WS2/big.bin" ] || fail "rm did not remove big.bin"
		(cd "$WS2" && "$FSJAIL" backups restore --workspace "$WS2") >"$OUT" 2>"$ERR"
		RC=$?
		assert_rc 0
		sha256sum <"$WS2/big.bin" 2>/dev/null | cmp -s - "$T/big2.sum" ||
			fail "big.bin is not back whole"
		(cd "$WS2" && "$FSJAIL" backups restore --workspace "$WS2") >"$OUT" 2>"$ERR"
		RC=$?
		assert_rc 0
		assert_out_match "^nothing to restore"
		umount "$WS2"
		end_test
	fi
fi

end_user_pass
done_testing
