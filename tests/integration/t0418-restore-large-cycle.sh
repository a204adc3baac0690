#!/bin/bash
# A large cycle is restored whole (tidy23): with 3000 files in 100
# folders, the run moves the tree away, makes a new folder at its old
# name and removes the moved tree (mv D E; mkdir D; rm -rf E), so each
# file's record lies under a folder renamed in the cycle and later
# removed. The restore looked at every older record for each record
# (restore-gone.c) and at every record from the cycle's first for each
# content put back (restore-first.c); both read an index now, built once
# (restore-gone-ix.c, restore-first-ix.c). No timing is asserted: the
# restore's CPU time and the cycle's record count are printed as
# diagnostics (bench: 8000 files, 8327 records, user CPU 1.43 s before,
# 0.97 s after on the development VM; what remains superlinear is
# rs_made_by_run() and the text report's find()).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
FOLDERS=100 FILES=30

mkdir "$WS/D"
for i in $(seq 1 $FOLDERS); do
	mkdir "$WS/D/d$i"
	for j in $(seq 1 $FILES); do echo "$i.$j" >"$WS/D/d$i/f$j"; done
done
chmod 750 "$WS/D/d7"

begin_test "mv D E, mkdir D, rm -rf E over 3000 files: the restore puts every file back"
fsj_sh -- 'mv D E && mkdir D && echo new >D/new && rm -rf E'
assert_rc 0
[ -e "$WS/E" ] && fail "the run left E"
TIMEFORMAT='%U s user, %S s system'
{ time ws_restore; } 2>"$T/time"
diag "records: $(find "$STATE_DIR" -name 'manifest*' -type f -exec cat {} + | wc -l); restore: $(cat "$T/time")"
n=$(find "$WS/D" -type f -name 'f*' | wc -l)
[ "$n" = $((FOLDERS * FILES)) ] || fail "$n files back, not $((FOLDERS * FILES))"
assert_content "$WS/D/d1/f1" 1.1
assert_content "$WS/D/d$FOLDERS/f$FILES" "$FOLDERS.$FILES"
[ "$(stat -c %a "$WS/D/d7")" = 750 ] || fail "D/d7: mode $(stat -c %a "$WS/D/d7"), not 750"
assert_not_exists "$WS/D/new"
end_test

begin_test "a second restore finds nothing left to do and changes nothing"
find "$WS/D" -type f | sort | xargs cat | md5sum >"$T/before"
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
find "$WS/D" -type f | sort | xargs cat | md5sum | cmp -s - "$T/before" || fail "the second restore changed the files"
end_test

done_testing
