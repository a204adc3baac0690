#!/bin/bash
# Deletes kept by a link in the backup cycle get their trash entry when the
# run ends (issue 14 item 4; backup.h "Deletes whose trash entry waits"):
# rm -rf of a tree makes one trash entry for the tree (its folders rebuilt,
# its files hard links of the cycle's, one .trashinfo), not one entry and
# one .trashinfo per file; a planted symlink in the trash is never
# followed; a file changed and then removed still goes to the trash at
# once with its last content; and a run killed with SIGKILL after its
# deletes leaves no trash entry yet every deleted file restorable byte for
# byte from its uncommitted cycle.
# Run as root, and (when root) again as the ordinary user FSJAIL_TEST_USER
# (default cloudsdk) from a copy of this script under runuser(1).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"
plan_user_pass FSJ_TRASHB_USER_PASS 5
setup
require_landlock

TRASH=$HOME/.local/share/Trash

# make_tree DIR: 3 folders of 20 files (one of them in a sub-folder), and
# a copy of it in $T/orig.
make_tree()
{
	local d i
	for d in a b c/deep; do
		mkdir -p "$1/$d"
		for i in $(seq 1 20); do
			head -c $((RANDOM % 2000 + 1)) /dev/urandom >"$1/$d/f$i"
		done
	done
	rm -rf "$T/orig"
	cp -a "$1" "$T/orig"
}

# same_tree DIR: DIR holds what $T/orig held, byte for byte.
same_tree()
{
	diff -r "$T/orig" "$1" >/dev/null 2>&1 || fail "$1 differs from before: $(diff -rq "$T/orig" "$1" 2>&1 | head -3)"
}

begin_test "rm -rf of a tree: one trash entry for the folder, one .trashinfo, files by link"
make_tree "$WS/tree"
fsj -- rm -rf "$WS/tree"
assert_rc 0
assert_not_exists "$WS/tree"
same_tree "$TRASH/files/tree"
n=$(find "$TRASH/info" -name '*.trashinfo' | wc -l)
[ "$n" = 1 ] || fail "$n .trashinfo files for one removed tree (want 1)"
grep -qx "Path=$WS/tree" "$TRASH/info/tree.trashinfo" || fail "tree.trashinfo: $(cat "$TRASH/info/tree.trashinfo" 2>&1)"
[ -e "$TRASH/files/f1" ] && fail "a file of the tree went to the trash on its own"
# the trash and the cycle hold one inode per file (no copy)
[ "$(stat -c %h "$TRASH/files/tree/a/f1")" = 2 ] || fail "trash/files/tree/a/f1 has $(stat -c %h "$TRASH/files/tree/a/f1") names (want 2: trash and cycle)"
end_test

begin_test "restore brings the tree back byte for byte; the trash keeps its entry"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_tree "$WS/tree"
same_tree "$TRASH/files/tree"
rm -rf "$WS/tree" "$TRASH"
end_test

begin_test "a symlink planted where the entry would go is not followed"
make_tree "$WS/tree"
mkdir -p "$TRASH/files" "$TRASH/info" "$T/outside"
ln -s "$T/outside" "$TRASH/files/tree"
fsj -- rm -rf "$WS/tree"
assert_rc 0
[ -z "$(ls -A "$T/outside")" ] || fail "written through the planted symlink: $(ls -A "$T/outside")"
same_tree "$TRASH/files/tree.2"
grep -qx "Path=$WS/tree" "$TRASH/info/tree.2.trashinfo" || fail "tree.2.trashinfo"
[ -e "$TRASH/info/tree.trashinfo" ] && fail "the taken name kept a .trashinfo"
rm -rf "$TRASH"
end_test

begin_test "a file changed then removed goes to the trash with its last content"
echo first >"$WS/cf"
fsj_sh -- "echo second > '$WS/cf' && rm '$WS/cf'"
assert_rc 0
assert_content "$TRASH/files/cf" second
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/cf"
assert_rc 0
assert_content "$WS/cf" first
rm -rf "$TRASH"
end_test

begin_test "fsjail killed after the deletes: no trash entry yet, every file restorable"
make_tree "$WS/tree"
killed_after_rm "$WS/tree"
assert_not_exists "$WS/tree"
[ -z "$(ls -A "$TRASH/files" 2>/dev/null)" ] || fail "trash entries made before the run ended: $(ls -A "$TRASH/files")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_tree "$WS/tree"
end_test

end_user_pass
done_testing
