#!/bin/bash
# `fsjail backups restore PATH` run from another folder (user12). From
# the home folder (no workspace) it found the newest cycle that touched
# PATH; from any other folder, which is a workspace of its own (/tmp, a
# neighbouring project), it looked only at that folder's cycles and said
# "no backup cycle of this workspace" (status 125) for a file a run in
# the real workspace had just deleted, without naming which workspace it
# had looked at. Now the paths named decide when that folder has no cycle
# touching them; with no paths, restore stays with the folder's own
# cycles, and a miss names the workspace.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

OTHER=$T/other
mkdir -p "$OTHER"
echo one >"$WS/f.txt"

begin_test "a run deletes f.txt; restore PATH from another folder brings it back"
fsj -- rm f.txt
assert_rc 0
assert_not_exists "$WS/f.txt"
(cd "$OTHER" && "$FSJAIL" backups restore "$WS/f.txt") >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="cd $OTHER && fsjail backups restore $WS/f.txt"
assert_rc 0
assert_content "$WS/f.txt" one
assert_out_match "f\.txt from cycle "
end_test

begin_test "restore without PATH from that folder: its own cycles only, and it says which"
fsj -- rm f.txt
assert_rc 0
(cd "$OTHER" && "$FSJAIL" backups restore) >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="cd $OTHER && fsjail backups restore"
assert_rc 125
assert_not_exists "$WS/f.txt"
assert_err_match "no backup cycle of workspace $OTHER"
end_test

begin_test "a PATH no cycle touched: refused, naming the path"
(cd "$OTHER" && "$FSJAIL" backups restore "$WS/never.txt") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_err_match "no backup cycle .*$WS/never\.txt"
end_test

done_testing
