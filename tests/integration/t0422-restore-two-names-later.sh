#!/bin/bash
# "Changed after the run" is said of what changed after the run, not of
# what the restore itself changed (fix27). After `mv A B; echo evil > B;
# ln B A` (A existed, B did not) the run leaves one file with two names.
# The restore takes the name A the run made first (newest record first),
# and that unlink changes the file's ctime, so the content restore of B
# found a ctime later than the run's end and said B was changed after the
# run. The check now reads each object's ctime as it was before the
# restore's first action (restore-when.c). A file really changed between
# the run and the restore (touched) is still said, and that later
# version is kept in the restore's own cycle.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "the run leaves a file with two names: restored, not said changed after the run"
echo a >"$WS/A"
fsj_sh -- 'mv A B && echo evil >B && ln B A'
assert_rc 0
ws_restore
assert_out_nomatch 'changed after the run'
assert_out_match "^restored $WS/B from cycle [^ ]+\$"
assert_content "$WS/A" a
assert_not_exists "$WS/B"
[ "$(stat -c %h "$WS/A")" = 1 ] || fail "A has $(stat -c %h "$WS/A") names, not 1"
end_test

begin_test "the same run, B touched after it: said changed after the run, that version kept"
fsj_sh -- 'mv A B && echo evil >B && ln B A'
assert_rc 0
sleep 0.05 # a ctime later than the cycle's end at any timestamp granularity
touch "$WS/B"
ws_restore
assert_out_match "^restored $WS/B from cycle [^ ]+ \(changed after the run: that later version is kept in cycle "
assert_content "$WS/A" a
assert_not_exists "$WS/B"
kept=$(sed -n 's/.*that later version is kept in cycle \([^ ]*\) .*/\1/p' "$OUT")
[ -n "$kept" ] || fail "no cycle named for the later version"
end_test

begin_test "the later version comes back from the cycle named"
(cd "$WS" && "$FSJAIL" backups restore --cycle "$kept" --workspace "$WS" "$WS/B") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_content "$WS/B" evil
end_test

done_testing
