#!/bin/bash
# `backups restore` puts a folder's times back after the changes inside
# it that are older than the folder's own record (att38). A run appended
# to f, then removed it and made it again: the folder's "meta" record
# comes after f's "content" one, so restore, going newest first, set the
# folder's times and then made f again inside it, moving them. The
# workspace folder was left with the restore's time, and each further
# restore said "restored mode, owner and times" again (#14 item 3: a
# second restore does nothing and says so).
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "f changed, then removed and made again: the folder's times are back, and stay"
mkdir d && echo user-data >d/f && touch -d @1000000000 d
before=$(stat -c %Y.%a "$WS/d")
fsj -- sh -c 'echo more >>d/f; rm d/f; echo run >d/f'
assert_rc 0
ws_restore
assert_content "$WS/d/f" user-data
[ "$(stat -c %Y.%a "$WS/d")" = "$before" ] || fail "folder times not back: $(stat -c %Y.%a "$WS/d") for $before"
ws_restore
assert_out_match "nothing to restore"
end_test

done_testing
