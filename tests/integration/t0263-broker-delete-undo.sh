#!/bin/bash
# A broker host delete (fsjail-broker(7) "delete") is undone as the
# listener's unlink is (att6). The command picks the delete mode in its
# request: in trash mode (the default) the broker moved the file to the
# trash and recorded nothing, so `backups restore` said "no backup cycle"
# and left the file out of the workspace; in unlink mode a file over
# backup.max_size_mb was "not kept" (a content copy, capped) and unlinked:
# gone for good. Each file is now kept by link whatever its size, as the
# listener's unlink keeps it. Asserts each comes back byte for byte.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

# bdelete NAME [MODE [SCRIPT]]: a broker delete of $WS/NAME (deleteMode
# MODE, or the configuration's when empty), from inside; then SCRIPT in the
# same run.
bdelete()
{
	local mode=${2:+,\"deleteMode\":\"$2\"}
	fsj_sh -- 'printf "{\"id\":\"d\",\"command\":\"HostFileOperation\",\"operation\":\"delete\",\"path\":\"%s/%s\"%s,\"sessionId\":\"%s\",\"callId\":\"%s\"}\n" "$PWD" "$1" "$2" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" | ./bc && eval "$3"' "$1" "$mode" "${3:-}"
	assert_rc 0
	assert_out_match '"ok":true'
}

begin_test "a broker delete in trash mode (the default): the file back after restore"
echo "user file a1" >"$WS/a1"
keep_copies a1
bdelete a1
assert_not_exists "$WS/a1"
ws_restore
assert_back a1
end_test

begin_test "a broker delete in trash mode, then a new file at its name: the old one back"
echo "user file a2" >"$WS/a2"
keep_copies a2
bdelete a2 "" 'echo made by the run >a2'
ws_restore
assert_back a2
end_test

begin_test "a broker delete in unlink mode of a file over backup.max_size_mb: kept by link"
write_config <<EOF2
backup:
  max_size_mb: 1
EOF2
head -c 2000000 /dev/urandom >"$WS/a3"
keep_copies a3
bdelete a3 unlink
assert_not_exists "$WS/a3"
ws_restore
assert_back a3
end_test

begin_test "a broker delete in trash mode of a folder: every file in it back, also a large one"
mkdir -p "$WS/d4/sub"
echo "user file f" >"$WS/d4/f"
echo "user file g" >"$WS/d4/sub/g"
head -c 2000000 /dev/urandom >"$WS/d4/sub/big"
keep_copies d4/f d4/sub/g d4/sub/big
bdelete d4
assert_not_exists "$WS/d4"
ws_restore
assert_back d4/f d4/sub/g d4/sub/big
end_test

begin_test "a broker delete in trash mode of a symbolic link, alone and in a folder: both back"
ln -s target-a5 "$WS/l5"
mkdir -p "$WS/d5" && ln -s ../target-b5 "$WS/d5/l" && echo f >"$WS/d5/f"
bdelete l5
assert_not_exists "$WS/l5"
ws_restore
[ "$(readlink "$WS/l5")" = target-a5 ] || fail "l5 is not back as the link to target-a5"
bdelete d5
ws_restore
[ "$(readlink "$WS/d5/l")" = ../target-b5 ] || fail "d5/l is not back as the link to ../target-b5"
end_test

done_testing
