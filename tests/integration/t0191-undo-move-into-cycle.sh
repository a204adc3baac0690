#!/bin/bash
# A removed pre-existing file is kept by moving its name into the backup
# cycle (issue 14 item 4; src/backup_take.c): one rename instead of a
# link, a check and a checked unlink. The record comes first (method
# "move"); a record whose move was not done (fsjail killed between the
# two, or the move failed and the file was kept the usual way) names no
# file of its identity in files/, and restore skips it: nothing to undo,
# no failure, and never another file's content.
# Run as root, and (when root) again as the ordinary user
# FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
SELF_DIR=$TEST_DIR
SELF=$(basename "$0")

USER_PASS=${FSJ_MOVE_USER_PASS:-0}
TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
if [ "$USER_PASS" = 1 ]; then plan 5; else plan 6; fi
setup
require_landlock

# cycle NAME: a hand-made cycle of this workspace; prints its folder
cycle()
{
	local c=$STATE_DIR/sessions/hand/modify_backup/$1
	mkdir -p "$c/files"
	printf '{"op":"cycle","v":2,"session":"hand","cycle":"%s","kind":"run","workspace":"%s","command":"x"}\n' \
		"$1" "$WS" >"$c/manifest.ndjson"
	echo "$c"
}

# remove_rec PATH BACKUP METHOD: a remove record of PATH's file as it is now
remove_rec()
{
	printf '{"op":"remove","path":"%s","size":%s,"mode":%s,"dev":"%s","ino":"%s","mtime":%s,"mtime_ns":0,"backup":"%s","method":"%s"}\n' \
		"$1" "$(stat -c %s "$1")" "$((0$(stat -c %a "$1")))" "$(stat -c %d "$1")" \
		"$(stat -c %i "$1")" "$(stat -c %Y "$1")" "$2" "$3"
}

begin_test "rm of a pre-existing file: moved into the cycle (method move), in the trash, restored byte for byte"
head -c 5000 /dev/urandom >"$WS/a.bin"
sha256sum <"$WS/a.bin" >"$T/a.sum"
ino=$(stat -c %i "$WS/a.bin")
fsj_sh -- 'rm a.bin'
assert_rc 0
[ ! -e "$WS/a.bin" ] || fail "rm did not remove a.bin"
man=$(ls "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson | head -1)
grep -q '"path":"'"$WS"'/a.bin".*"method":"move"' "$man" || fail "no remove record of method move: $(grep a.bin "$man")"
n=$(sed -n 's/.*"path":"[^"]*a.bin".*"backup":"\([0-9]*\)".*/\1/p' "$man")
[ "$(stat -c %i "$(dirname "$man")/files/$n" 2>/dev/null)" = "$ino" ] ||
	fail "files/$n is not the removed file itself (inode $ino)"
ls "$HOME/.local/share/Trash/files/" | grep -q '^a.bin' || fail "a.bin is not in the trash"
run_cmd "$FSJAIL" backups restore
assert_rc 0
sha256sum <"$WS/a.bin" 2>/dev/null | cmp -s - "$T/a.sum" || fail "a.bin is not back byte for byte"
end_test

begin_test "rm -rf of a tree: every file back after one restore, a second restore does nothing"
mkdir -p "$WS/tree/x/y"
for i in 1 2 3 4 5 6; do echo "file $i" >"$WS/tree/x/f$i"; echo "deep $i" >"$WS/tree/x/y/g$i"; done
(cd "$WS" && find tree -type f -print0 | xargs -0 sha256sum) >"$T/tree.sum"
fsj_sh -- 'rm -rf tree'
assert_rc 0
[ ! -e "$WS/tree" ] || fail "rm -rf did not remove tree"
run_cmd "$FSJAIL" backups restore
assert_rc 0
(cd "$WS" && sha256sum -c --quiet "$T/tree.sum") >/dev/null 2>&1 || fail "the tree is not back byte for byte"
run_cmd "$FSJAIL" backups restore
assert_rc 0
assert_out_match "^nothing to restore"
end_test

begin_test "a move record whose move was not done (the file still at its name): restore skips it, exit 0"
echo "still here" >"$WS/b"
C=$(cycle 20300101T000000.000000-1)
remove_rec "$WS/b" 1 move >>"$C/manifest.ndjson"
run_cmd "$FSJAIL" backups restore --session hand
assert_rc 0
assert_content "$WS/b" "still here"
end_test

begin_test "a move record whose files/N is another file: never restored from it"
echo "mine" >"$WS/c"
C=$(cycle 20300101T000000.000000-2)
echo "another file" >"$C/files/1"
remove_rec "$WS/c" 1 move >>"$C/manifest.ndjson"
rm "$WS/c"
run_cmd "$FSJAIL" backups restore --session hand
[ ! -e "$WS/c" ] || fail "c was made from a file that is not its own: '$(cat "$WS/c")'"
end_test

begin_test "a move not done, then the same file kept by a link and removed: restored from the link"
echo "linked content" >"$WS/d"
C=$(cycle 20300101T000000.000000-3)
remove_rec "$WS/d" 1 move >>"$C/manifest.ndjson"
ln "$WS/d" "$C/files/2"
remove_rec "$WS/d" 2 link >>"$C/manifest.ndjson"
rm "$WS/d"
run_cmd "$FSJAIL" backups restore --session hand
assert_rc 0
assert_content "$WS/d" "linked content"
end_test

[ "$USER_PASS" = 1 ] || user_pass "$SELF_DIR" "$SELF" FSJ_MOVE_USER_PASS "$TEST_USER"
done_testing
