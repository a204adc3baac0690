#!/bin/bash
# A second `backups restore` does nothing and says so (#14 item 3), also
# after a run that renamed a name away and back (att38: a tool's
# rename-to-temporary and back, two runs at once churning the same
# files). Restore undid each "renamed" record by itself, newest first:
# f moved to f.t, then f.t back to f, every time; so each further
# restore moved the user's files twice, reset the folder's times and
# left one more "restore" cycle, and never said "nothing to restore". A
# rename whose new name is the old name of the same file's rename just
# before it, with no record touching either name between, is now undone
# as the pair it is: nothing to move.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "a file and a folder renamed away and back: the second restore has nothing to do"
echo user-data >f && mkdir d && echo inner >d/x && echo other >g
fsj -- python3 -c '
import os
os.rename("f", "f.t"); open("g", "a").write("more"); os.rename("f.t", "f")
os.rename("d", "d2"); os.rename("d2", "d")'
assert_rc 0
ws_restore
assert_content "$WS/f" user-data
assert_content "$WS/g" other
ws_restore
assert_out_match "nothing to restore"
assert_out_nomatch "moved back"
end_test

begin_test "a name written between the two renames is still undone in full"
echo user-data >h
fsj -- python3 -c '
import os
os.rename("h", "h.t"); open("h.t", "w").write("run"); os.rename("h.t", "h")'
assert_rc 0
ws_restore
assert_content "$WS/h" user-data
assert_not_exists "$WS/h.t"
end_test

done_testing
