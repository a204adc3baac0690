#!/bin/bash
# fsjail's state folder is unreadable from inside whatever the rules say
# (DESIGN.md section 3): the audit log, the backups (sessions/) and the
# record of each workspace's walk (scan/) are hidden because they name
# every workspace. The compiled-policy cache (policy/pc-*) names each
# workspace, home, rules file and every rule's path too, and policy/ holds
# the kept seccomp program: a rule that opens the state folder's parent
# for reading (--grant all:$HOME, state under ~/.local/state) let the
# command list and read them (att5). policy/ is now hidden as scan/ is,
# and so is the probe cache's folder probe/ (perf23: a file per context,
# each naming its workspace, home, rules and config files).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

STATE=$FSJAIL_HOME/state

begin_test "the compiled-policy cache cannot be read from inside with the state's parent opened"
fsj_sh -- 'true'
assert_rc 0
pc=$(find "$STATE/policy" -name 'pc-*' 2>/dev/null | head -1)
[ -n "$pc" ] || bail_out "no policy cache entry after a run (FSJAIL_NO_POLICY_CACHE set?)"
fsj_sh --grant "read:$FSJAIL_HOME" -- 'ls "$1"/policy 2>/dev/null; cat "$2" 2>/dev/null | grep -a "^v.workspace"; true' "$STATE" "$pc"
assert_rc 0
assert_out_nomatch 'pc-'
assert_out_nomatch 'v.workspace'
end_test

begin_test "the kept seccomp program cannot be read from inside either"
sc=$(find "$STATE/policy" -name 'seccomp-*' 2>/dev/null | head -1)
[ -n "$sc" ] || bail_out "no kept seccomp program after a run"
fsj_sh --grant "read:$FSJAIL_HOME" -- 'head -c 40 "$1" 2>/dev/null; true' "$sc"
assert_rc 0
assert_out_nomatch 'fsjail-seccomp-cache'
end_test

begin_test "the probe cache's entries cannot be listed, read or written from inside"
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
