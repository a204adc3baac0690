#!/bin/bash
# Folder times come back with a restore (t0398) for a granted folder
# outside the workspace, and for the broker's host operations (rename,
# delete: fsjail-broker(7)), which change folders' entries outside the
# listener: each folder older than the run has its times recorded before
# the first change of its entries, and the restore sets them back after.
# A run that only takes and removes a lock file still leaves no cycle
# (t0185): the folder's times record alone keeps nothing.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0399_USER_PASS 3
setup
require_landlock

OLD=2020-01-01T00:00:00
WANT=$(TZ=UTC date -d "$OLD" +%s)
old() { TZ=UTC touch -d "$OLD" "$@"; }
# mtime_ok PATH...: each PATH has the mtime of 2020-01-01 (UTC).
mtime_ok()
{
	local p
	for p in "$@"; do
		[ "$(stat -c %Y "$p")" = "$WANT" ] || fail "$p: mtime $(stat -c %Y "$p"), not $WANT"
	done
}
cycles() { find "$STATE_DIR/sessions" -name manifest.ndjson 2>/dev/null | wc -l; }

begin_test "a granted folder outside the workspace: rm -rf there, times back"
OTHER=$T/other
mkdir -p "$OTHER/sub" && echo x >"$OTHER/sub/x" && old "$OTHER/sub/x" "$OTHER/sub" "$OTHER"
write_rules <<RULES
rules:
  - id: other
    path: "$OTHER"
    allow: [read, write, create, delete]
RULES
fsj_sh -- 'rm -rf "$1/sub"' "$OTHER"
assert_rc 0
[ ! -e "$OTHER/sub" ] || bail_out "the run did not remove $OTHER/sub"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
mtime_ok "$OTHER/sub/x" "$OTHER/sub" "$OTHER"
assert_content "$OTHER/sub/x" x
clear_rules
end_test

begin_test "broker rename and delete: both folders' times back"
BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
mkdir -p "$WS/b/d1" "$WS/b/d2" "$WS/b/d3"
cp "$BC_SRC" "$WS/b/bc"
echo m >"$WS/b/d1/m" && echo g >"$WS/b/d3/g" && old "$WS/b/d1/m" "$WS/b/d3/g" "$WS/b"/d? "$WS/b"
cd "$WS/b" || bail_out "no folder b"
fsj_sh -- 'printf "{\"id\":\"r\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"%s/d1/m\",\"to\":\"%s/d2/m\",\"sessionId\":\"%s\",\"callId\":\"%s\"}\n" "$PWD" "$PWD" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" | ./bc && printf "{\"id\":\"d\",\"command\":\"HostFileOperation\",\"operation\":\"delete\",\"path\":\"%s/d3/g\",\"sessionId\":\"%s\",\"callId\":\"%s\"}\n" "$PWD" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" | ./bc'
assert_rc 0
[ -e d2/m ] && [ ! -e d1/m ] && [ ! -e d3/g ] || bail_out "the broker did not rename and delete: $(cat "$OUT" "$ERR")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
mtime_ok d1/m d3/g d1 d2 d3
assert_content d1/m m
assert_content d3/g g
cd "$WS" || bail_out "no workspace"
end_test

begin_test "a lock file taken and removed: still no cycle kept"
n=$(cycles)
fsj_sh -- 'echo $$ >index.lock && rm index.lock'
assert_rc 0
[ "$(cycles)" = "$n" ] || fail "a cycle was kept for a lock file: $(cycles) manifests, $n before"
end_test

end_user_pass
done_testing
