#!/bin/bash
# A second `backups restore` does nothing and says so (#14 item 3), also
# after a run that changed a file's mode before its content (att38:
# `chmod 600 f; echo >>f`). The content's restore puts back the mode and
# times the file had before the run (its first record's), but its check
# "already in place" compared with the mode of the moment of the write:
# every further restore wrote the file again and kept "the later
# version" in one more cycle, and never said "nothing to restore". The
# check now compares with what the restore would write.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "chmod then write: restored once, the second restore has nothing to do"
echo user-data >f && chmod 640 f && touch -d @1000000000 f
fsj -- sh -c 'chmod 600 f; echo more >>f'
assert_rc 0
ws_restore
assert_content "$WS/f" user-data
[ "$(stat -c %a.%Y "$WS/f")" = 640.1000000000 ] || fail "mode and mtime not back: $(stat -c %a.%Y "$WS/f")"
ws_restore
assert_out_match "nothing to restore"
assert_out_nomatch "restored"
end_test

done_testing
