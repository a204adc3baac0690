#!/bin/bash
# A folder a restore makes only as the parent of a file it puts back is
# not the run's removed folder made again (att37). A run made n, moved
# a.txt into it, exchanged n with the user's folder d (RENAME_EXCHANGE),
# then removed both trees. Undoing the newest record first, the restore
# put a.txt back under a new d; the removed tree's records then found a
# folder at d that no record names and took it for the user's d made
# again by an earlier restore (rs_remade_folder()): d's files and the
# a.txt move were skipped, the restore said success, and a second one
# said "already in place". A folder this restore made for no record is
# now one it made for another object (restore-gone.c known_object()),
# and, empty at the end, taken with the run's n (restore-made.c).
# Case 2 (att37, found and left): n moved over d and removed; a.txt came
# back as d/a.txt, said success. The folder made as a.txt's parent at d
# now stands for the run's n when every later record naming d is n's own
# (restore-anon.c): it moves back to n, and a.txt home.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
. "$TEST_DIR/librestore.sh"

begin_test "new n takes a.txt, exchanged with d, both removed: d's tree and a.txt come back"
case_dir c1
mkdir -p d/sub && echo F >d/f.txt && echo D >d/sub/deep.txt && echo A >a.txt
cp -a "$WS/c1" "$T/c1.orig"
fsj_sh -- 'mkdir n && mv a.txt n/ && python3 -c "$1" n d 2 && rm -rf n d' "$RENAMEAT2"
assert_rc 0
assert_not_exists "$WS/c1/d"
ws_restore
diff -r "$T/c1.orig" "$WS/c1" >"$T/diff" 2>&1 || fail "not restored: $(cat "$T/diff" "$OUT")"
end_test

begin_test "n takes a.txt, exchanged twice with d, d removed, n moved over d and removed: all home"
case_dir c2
mkdir -p d/sub && echo F >d/f.txt && echo D >d/sub/deep.txt && echo A >a.txt
cp -a "$WS/c2" "$T/c2.orig"
fsj_sh -- 'mkdir n && mv a.txt n/ && python3 -c "$1" n d 2 && python3 -c "$1" n d 2 &&
	rm -rf d && mv n d && rm -rf d' "$RENAMEAT2"
assert_rc 0
ws_restore
diff -r "$T/c2.orig" "$WS/c2" >"$T/diff" 2>&1 || fail "not restored: $(cat "$T/diff" "$OUT")"
end_test

done_testing
