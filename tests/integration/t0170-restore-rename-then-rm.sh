#!/bin/bash
# A file renamed over another and then removed under its new name comes
# back under its old name (src/restore.c undo_rename(): the copy this
# restore made from the later "removed" record is the renamed file), and
# the file it replaced comes back too: `mv d/f2 d/f1; rm d/f1` and
# `mv d/f2 d/f1; rm -rf d` restore f1 and f2 byte for byte. Before, the
# move-back was skipped without a word (the recreated file is a new
# inode) and f2's content stayed in the cycle only.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

# prep: d/f1, d/f2 and d/sub/g with distinct content, a copy in $T/orig.
prep()
{
	rm -rf "$WS/d" "$T/orig"
	mkdir -p "$WS/d/sub"
	echo orig1 >"$WS/d/f1"
	echo orig2 >"$WS/d/f2"
	echo subg >"$WS/d/sub/g"
	cp -a "$WS/d" "$T/orig"
}

same_tree()
{
	diff -r "$T/orig" "$WS/d" >/dev/null 2>&1 ||
		fail "d differs from before: $(diff -r "$T/orig" "$WS/d" 2>&1 | head -5 | tr '\n' ' ')"
}

begin_test "mv d/f2 d/f1; rm d/f1: restore gives back f1 and f2"
prep
fsj_sh -- 'mv d/f2 d/f1 && rm d/f1'
assert_rc 0
assert_not_exists "$WS/d/f1"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_tree
end_test

begin_test "mv d/f2 d/f1; rm -rf d: restore gives back the tree with f1 and f2"
prep
fsj_sh -- 'mv d/f2 d/f1 && rm -rf d'
assert_rc 0
assert_not_exists "$WS/d"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_tree
end_test

done_testing
