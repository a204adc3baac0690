#!/bin/bash
# A restore of a path still moves a rename back to its old name when that
# name existed before the run (fix28: only a name the run made, a
# "created" record of it, sends the run's version to the restore's own
# cycle instead, t0424).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
git -C "$WS" init -q || bail_out "no git"

begin_test "mv a b; a restore of b: a is back as before, b gone"
echo a1 >"$WS/a"
fsj -- mv a b
assert_rc 0
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS" "$WS/b") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_out_match "^moved back $WS/b to $WS/a"
assert_content "$WS/a" a1
assert_not_exists "$WS/b"
end_test

begin_test "the run makes t, writes it and moves it over b; a restore of t and b: neither is left"
rm -f "$WS"/* && echo b1 >"$WS/b"
fsj_sh -- 'echo b2 >t && mv t b'
assert_rc 0
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS" "$WS/t" "$WS/b") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_content "$WS/b" b1
assert_not_exists "$WS/t"
end_test

done_testing
