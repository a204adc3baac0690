#!/bin/bash
# A broker host rename (fsjail-broker(7) "rename") is undone as the
# listener's rename is (issue 14 item 3; DESIGN.md sections 8 and 9):
# before this fix the broker took a content copy of the file renamed over
# and recorded no rename, so `backups restore` wrote the old content back
# into the moved file's inode and the moved file was lost: neither its
# name nor its content came back. Each case asserts both names byte for
# byte after one restore: a rename over an existing file, a rename to a
# new name, and a rename over a file larger than backup.max_size_mb (kept
# by link, as the listener keeps it, not skipped as "too large").
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

# brename FROM TO: a broker rename of $WS/FROM to $WS/TO, from inside.
brename()
{
	fsj_sh -- './bc "{\"id\":\"r\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"$PWD/$1\",\"to\":\"$PWD/$2\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$1" "$2"
	assert_rc 0
	assert_out_match '"ok":true'
}

begin_test "a broker rename over an existing file: both files back after restore"
echo "moved file" >"$WS/a1"
echo "file renamed over" >"$WS/b1"
keep_copies a1 b1
brename a1 b1
assert_not_exists "$WS/a1"
ws_restore
assert_back a1 b1
end_test

begin_test "a broker rename to a new name is moved back"
echo "renamed" >"$WS/a2"
keep_copies a2
brename a2 new2
ws_restore
assert_back a2
assert_not_exists "$WS/new2"
end_test

begin_test "a broker rename over a file larger than backup.max_size_mb keeps it by link"
write_config <<EOF
backup:
  max_size_mb: 1
EOF
echo "small" >"$WS/a3"
head -c 2000000 /dev/urandom >"$WS/b3"
keep_copies a3 b3
brename a3 b3
ws_restore
assert_back a3 b3
clear_rules
end_test

done_testing
