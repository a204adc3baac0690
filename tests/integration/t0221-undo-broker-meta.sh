#!/bin/bash
# A broker chmod or touch (fsjail-broker(7)) of a file older than the run
# records its mode, owner and times first (a "meta" record, as the
# listener's chmod and utimensat do; issue 14 item 3: "modified files get
# their content (and mode, times) back"), so `backups restore` puts the
# old mode and modification time back. Before this, neither was recorded:
# the file kept the run's mode and times after the restore.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

# bop OPERATION NAME [EXTRA-JSON]: a broker host operation on $WS/NAME.
bop()
{
	fsj_sh -- './bc "{\"id\":\"m\",\"command\":\"HostFileOperation\",\"operation\":\"$1\",\"path\":\"$PWD/$2\"$3,\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$1" "$2" "${3:-}"
	assert_rc 0
	assert_out_match '"ok":true'
}

begin_test "a broker chmod of an older file: restore puts the mode back"
echo one >"$WS/m1"
chmod 640 "$WS/m1"
touch -d '2001-02-03 04:05:06' "$WS/m1"
bop chmod m1 ',"mode":"0600"'
[ "$(stat -c %a "$WS/m1")" = 600 ] || fail "the chmod was not done: $(stat -c %a "$WS/m1")"
ws_restore
[ "$(stat -c %a "$WS/m1")" = 640 ] || fail "mode after restore: $(stat -c %a "$WS/m1") (want 640)"
assert_content "$WS/m1" one
end_test

begin_test "a broker touch of an older file: restore puts the modification time back"
echo two >"$WS/m2"
touch -d '2001-02-03 04:05:06' "$WS/m2"
want=$(stat -c %Y "$WS/m2")
bop touch m2
[ "$(stat -c %Y "$WS/m2")" != "$want" ] || fail "the touch was not done"
ws_restore
[ "$(stat -c %Y "$WS/m2")" = "$want" ] || fail "mtime after restore: $(stat -c %Y "$WS/m2") (want $want)"
end_test

begin_test "a file the broker touched into being is trashed, not given old times"
bop touch m3
assert_exists "$WS/m3"
ws_restore
assert_not_exists "$WS/m3"
end_test

done_testing
