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

saved()
{
	for f; do cp "$WS/$f" "$T/$f.orig"; done
}
back()
{
	for f; do
		cmp -s "$WS/$f" "$T/$f.orig" || fail "$f is not back byte for byte after backups restore"
	done
}
restore()
{
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
}

begin_test "a broker delete in trash mode (the default): the file back after restore"
echo "user file a1" >"$WS/a1"
saved a1
bdelete a1
assert_not_exists "$WS/a1"
restore
back a1
end_test

begin_test "a broker delete in trash mode, then a new file at its name: the old one back"
echo "user file a2" >"$WS/a2"
saved a2
bdelete a2 "" 'echo made by the run >a2'
restore
back a2
end_test

begin_test "a broker delete in unlink mode of a file over backup.max_size_mb: kept by link"
write_config <<EOF2
backup:
  max_size_mb: 1
EOF2
head -c 2000000 /dev/urandom >"$WS/a3"
saved a3
bdelete a3 unlink
assert_not_exists "$WS/a3"
restore
back a3
end_test

begin_test "a broker delete in trash mode of a folder: every file in it back, also a large one"
mkdir -p "$WS/d4/sub"
echo "user file f" >"$WS/d4/f"
echo "user file g" >"$WS/d4/sub/g"
head -c 2000000 /dev/urandom >"$WS/d4/sub/big"
(cd "$WS" && for f in d4/f d4/sub/g d4/sub/big; do cp "$f" "$T/$(echo "$f" | tr / _).orig"; done)
bdelete d4
assert_not_exists "$WS/d4"
restore
for f in d4/f d4/sub/g d4/sub/big; do
	cmp -s "$WS/$f" "$T/$(echo "$f" | tr / _).orig" || fail "$f is not back byte for byte after backups restore"
done
end_test

begin_test "a broker delete in trash mode of a symbolic link, alone and in a folder: both back"
ln -s target-a5 "$WS/l5"
mkdir -p "$WS/d5" && ln -s ../target-b5 "$WS/d5/l" && echo f >"$WS/d5/f"
bdelete l5
assert_not_exists "$WS/l5"
restore
[ "$(readlink "$WS/l5")" = target-a5 ] || fail "l5 is not back as the link to target-a5"
bdelete d5
restore
[ "$(readlink "$WS/d5/l")" = ../target-b5 ] || fail "d5/l is not back as the link to ../target-b5"
end_test

done_testing
