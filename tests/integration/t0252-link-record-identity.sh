#!/bin/bash
# A name the run makes for an older file (link(2), linkat(2), the
# broker's link operation) gets a "created" record, and restore moves
# what that name holds to the trash. The record carried no identity, so
# restore took whatever was at the name then (restore-int.h
# rs_same_ident(): no identity matches every object): a file the user
# made at that name after the run - a build's output, an editor's save
# before `backups restore` - went to the trash as made by the run (att5;
# t0240 is the same for an unanswered "creating" record). The record now
# names the linked file by identity, as the write-ahead "creating" record
# of a link did already: a name still holding that file is taken, any
# other object is left.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client

begin_test "ln by the run, then the user's own file at that name: restore leaves the user's file"
echo orig >"$WS/a"
fsj_sh -- 'ln a L && echo ok'
assert_rc 0
assert_out_match ok
rm -f "$WS/L"
echo "the user's notes" >"$WS/L"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/L" "the user's notes"
assert_content "$WS/a" "orig"
end_test

begin_test "ln by the run, left as it was: restore still moves the new name to the trash"
echo orig2 >"$WS/b"
fsj_sh -- 'ln b M'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ ! -e "$WS/M" ] || fail "the run's link M was left"
assert_content "$WS/b" "orig2"
end_test

begin_test "a broker link, then the user's own file at that name: restore leaves the user's file"
if [ -x "$BC_SRC" ]; then
	cp "$BC_SRC" "$T/bc"
	chmod 755 "$T/bc"
	echo orig3 >"$WS/c"
	fsj_sh --grant "read,execute:$T/bc" -- '"$1" "{\"id\":\"t1\",\"command\":\"HostFileOperation\",\"operation\":\"link\",\"from\":\"$PWD/c\",\"to\":\"$PWD/N\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$T/bc"
	assert_rc 0
	assert_out_match '"ok":true'
	[ -e "$WS/N" ] || fail "the broker made no link"
	rm -f "$WS/N"
	echo "the user's build output" >"$WS/N"
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	assert_content "$WS/N" "the user's build output"
	assert_content "$WS/c" "orig3"
else
	fail "no broker-client at '$BC_SRC' (make check builds it)"
fi
end_test
