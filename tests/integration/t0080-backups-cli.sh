#!/bin/bash
# `fsjail backups` outside a workspace (issue 12 item 5, issue 14 item
# 3): a restore from the home folder, where there is no workspace, says
# what to give instead of crashing (fsjail before this dereferenced the
# missing workspace: exit 139); a restore of a named path works from
# there; an unknown action is refused, not taken for a path.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

echo before >"$WS/kept.txt"
fsj_sh -- 'echo after >kept.txt'
assert_rc 0

begin_test "restore from the home folder (no workspace): an error with a hint, no crash"
cd "$HOME" || bail_out "cannot enter $HOME"
run_cmd "$FSJAIL" backups restore
assert_rc 125
assert_err_match 'no workspace here to restore'
assert_err_match 'hint: .*--workspace DIR'
run_cmd "$FSJAIL" backups restore --dry-run
assert_rc 125
assert_content "$WS/kept.txt" after
end_test

begin_test "restore of a named path from the home folder finds its cycle"
run_cmd "$FSJAIL" backups restore "$WS/kept.txt"
assert_rc 0
assert_content "$WS/kept.txt" before
end_test

begin_test "an unknown action is refused, not listed as a path"
run_cmd "$FSJAIL" backups frobnicate
assert_rc 125
assert_err_match "unknown action 'frobnicate'"
end_test

done_testing
