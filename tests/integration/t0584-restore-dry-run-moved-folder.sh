#!/bin/bash
# `fsjail backups restore --dry-run` says what the restore will do. After a
# run that deleted a file in a folder (and changed another), then renamed
# the folder, the dry run listed only the move back: it took the folder
# moved back as bringing back everything below its old name, the deleted
# file included, while the real restore then recreated that file and put
# the changed one's content back (user28: git checkout of another branch
# and a mv of the folder). Now the dry run looks for what lies below a
# folder it moves back at the folder's present name.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
mkdir -p "$WS/src/lib" && echo a >"$WS/src/lib/a.c" && echo b >"$WS/src/lib/b.c" &&
	ln -s a.c "$WS/src/lib/l" && echo k >"$WS/src/lib/keep.c" ||
	bail_out "cannot make the workspace"
cp -a "$WS" "$T/before"

begin_test "the dry run names each file the restore brings back below the moved folder"
fsj -- bash -c 'rm src/lib/b.c src/lib/l && echo more >>src/lib/a.c && mv src/lib src/library'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run
assert_rc 0
assert_out_match "^would move back $WS/src/library to $WS/src/lib\$"
assert_out_match "^would recreate $WS/src/lib/b\.c from cycle "
assert_out_match "^would recreate $WS/src/lib/l from cycle "
assert_out_match "^would restore $WS/src/lib/a\.c from cycle "
assert_out_nomatch "keep\.c"
end_test

begin_test "the restore does what the dry run said, and gives back the tree"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match "^recreated $WS/src/lib/b\.c from cycle "
assert_out_match "^recreated $WS/src/lib/l from cycle "
assert_out_match "^restored $WS/src/lib/a\.c from cycle "
diff -r --no-dereference "$T/before" "$WS" >"$T/diff" 2>&1 || { fail "the tree differs"; diag_file diff "$T/diff"; }
end_test

done_testing
