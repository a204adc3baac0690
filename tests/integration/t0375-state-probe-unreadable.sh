#!/bin/bash
# The probe cache's folder $STATE/probe/ (perf23: a file per context, each
# naming its workspace, home, rules and config files) is unreadable from
# inside as the old probe-cache.json was, also with a rule that opens the
# state folder's parent for reading (as t0253 tests policy/).
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

STATE=$FSJAIL_HOME/state

begin_test "the probe cache's entries cannot be listed or read from inside"
fsj_sh -- 'true'
assert_rc 0
pk=$(find "$STATE/probe" -name 'pk-*.json' 2>/dev/null | head -1)
[ -n "$pk" ] || bail_out "no probe cache entry after a run"
fsj_sh --grant "read:$FSJAIL_HOME" -- 'ls "$1"/probe 2>/dev/null; cat "$2" 2>/dev/null; true' \
	"$STATE" "$pk"
assert_rc 0
assert_out_nomatch 'pk-'
assert_out_nomatch 'fsjail-probe/1'
fsj_sh --grant "all:$FSJAIL_HOME" -- 'echo x >"$1" 2>/dev/null; echo y >"$2"/pk-0 2>/dev/null; true' \
	"$pk" "$STATE/probe"
assert_rc 0
[ "$(head -c 1 "$pk")" = "{" ] || fail "the entry was written from inside"
assert_not_exists "$STATE/probe/pk-0"
end_test

done_testing
