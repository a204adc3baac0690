#!/bin/bash
# A rename is recorded before it is done ("renamed", so a kill cannot lose
# it). When the call then fails (a file renamed onto a folder: EISDIR; a
# folder onto a non-empty one: ENOTEMPTY) the record stayed, and restore
# read it as a rename some earlier restore had moved back already: every
# file saved below the target ("remove" records under docs/) was skipped
# as "gone with its folder", and `backups restore` said "nothing to
# restore" while the user's files stayed deleted (att4). A failed rename
# now writes a "cancel" with both paths, from the listener and from the
# broker, and restore ignores the rename it answers.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"

begin_test "a failed rename onto a folder, then a delete below it: restore brings the file back"
mkdir -p "$WS/docs"
echo precious >"$WS/docs/important.txt"
echo x >"$WS/x"
fsj_sh -- 'python3 -c "import os; os.rename(\"x\", \"docs\")" 2>/dev/null; echo rc=$?; rm docs/important.txt'
assert_rc 0
assert_out_match 'rc=1'
[ ! -e "$WS/docs/important.txt" ] || fail "the delete did not happen"
ws_restore
[ "$(cat "$WS/docs/important.txt" 2>/dev/null)" = precious ] ||
	fail "docs/important.txt not restored: $(head -c 300 "$OUT")"
[ "$(cat "$WS/x")" = x ] || fail "x changed"
end_test

begin_test "a failed folder rename (ENOTEMPTY), then deletes below the target: restore brings them back"
mkdir -p "$WS/a" "$WS/b"
echo one >"$WS/a/f"
echo two >"$WS/b/g"
fsj_sh -- 'python3 -c "import os; os.rename(\"a\", \"b\")" 2>/dev/null; echo rc=$?; rm b/g a/f'
assert_rc 0
assert_out_match 'rc=1'
ws_restore
[ "$(cat "$WS/b/g" 2>/dev/null)" = two ] || fail "b/g not restored: $(head -c 300 "$OUT")"
[ "$(cat "$WS/a/f" 2>/dev/null)" = one ] || fail "a/f not restored"
end_test

begin_test "a failed broker rename onto a folder, then a delete below it: restore brings the file back"
cp "$BC_SRC" "$WS/bc"
mkdir -p "$WS/docs2"
echo precious2 >"$WS/docs2/important.txt"
echo y >"$WS/y"
fsj_sh -- './bc "{\"id\":\"r\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"$PWD/y\",\"to\":\"$PWD/docs2\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"; rm docs2/important.txt'
assert_rc 0
assert_out_match '"ok":false'
ws_restore
[ "$(cat "$WS/docs2/important.txt" 2>/dev/null)" = precious2 ] ||
	fail "docs2/important.txt not restored: $(head -c 300 "$OUT")"
end_test
