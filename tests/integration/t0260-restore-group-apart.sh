#!/bin/bash
# Cycles are restored together only when their runs overlapped on the
# same workspace (src/restore-group.h): two runs one after the other, or
# two runs at once on two workspaces, are each restored alone, newest
# first as before, and the lock file of a workspace sits in the state
# folder, out of the command's reach.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "two runs one after the other: the newest cycle is restored alone"
echo one >"$WS/a"
echo two >"$WS/b"
fsj -- rm a
assert_rc 0
fsj -- rm b
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS" --json
assert_rc 0
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["cycles"]) == 1, d["cycles"]' "$OUT" || fail "restored with another cycle: $(head -c 400 "$OUT")"
[ "$(cat "$WS/b" 2>/dev/null)" = two ] || fail "b not back"
[ ! -e "$WS/a" ] || fail "a came back with the newest cycle"
end_test

begin_test "two runs at once on two workspaces: each cycle restored alone"
WS2=$HOME/ws2
mkdir -p "$WS2"
echo x >"$WS/x"
echo y >"$WS2/y"
# both started at once; each removes a file of its own workspace
"$FSJAIL" run --workspace "$WS" -- bash -c 'rm x; sleep 0.5' >"$T/a.out" 2>&1 </dev/null &
a=$!
(cd "$WS2" && "$FSJAIL" run --workspace "$WS2" -- bash -c 'sleep 0.2; rm y') \
	>"$T/b.out" 2>&1 </dev/null &
b=$!
wait "$a" || fail "run 1 failed: $(cat "$T/a.out")"
wait "$b" || fail "run 2 failed: $(cat "$T/b.out")"
run_cmd "$FSJAIL" backups restore --workspace "$WS2"
assert_rc 0
assert_out_nomatch 'together'
[ "$(cat "$WS2/y" 2>/dev/null)" = y ] || fail "y not back"
[ ! -e "$WS/x" ] || fail "x came back from the other workspace's restore"
end_test

begin_test "the workspace lock is in the state folder, which the command cannot read"
ls "$STATE_DIR"/hostlock/ws-* >/dev/null 2>&1 || fail "no workspace lock file in $STATE_DIR/hostlock"
fsj_sh -- 'ls "$1" 2>&1; cat "$1"/* 2>&1' "$STATE_DIR/hostlock"
assert_out_nomatch '^ws-'
end_test

done_testing
