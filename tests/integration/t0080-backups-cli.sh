#!/bin/bash
# `fsjail backups` outside a workspace (issue 12 item 5, issue 14 item
# 3): a restore from the home folder, where there is no workspace, says
# what to give instead of crashing (fsjail before this dereferenced the
# missing workspace: exit 139); a restore of a named path works from
# there; an unknown action is refused, not taken for a path; `backups
# list` lists the cycles of the workspace named (or the current one), not
# every workspace's (a new user's report); `backups show` shows the newest
# cycle of that workspace too, the one restore takes, not the newest of
# any workspace (user5's report: show previewed another project's cycle
# while restore undid this one's).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

echo before >"$WS/kept.txt"
fsj_sh -- 'echo after >kept.txt'
assert_rc 0

begin_test "restore from the home folder (no workspace): an error with a hint, no crash"
cd "$HOME" || bail_out "cannot enter $HOME"
run_cmd "$FSJAIL" backups restore
assert_rc 125
assert_err_match 'no workspace here to restore'
assert_err_match 'hint: .*--workspace DIR'
run_cmd "$FSJAIL" backups restore --dry-run
assert_rc 125
assert_content "$WS/kept.txt" after
end_test

begin_test "restore of a named path from the home folder finds its cycle"
run_cmd "$FSJAIL" backups restore "$WS/kept.txt"
assert_rc 0
assert_content "$WS/kept.txt" before
end_test

begin_test "an unknown action is refused, not listed as a path"
run_cmd "$FSJAIL" backups frobnicate
assert_rc 125
assert_err_match "unknown action 'frobnicate'"
end_test

begin_test "backups list: only the cycles of the workspace, each naming it in --json"
W2=$HOME/other
mkdir -p "$W2"
echo two >"$W2/f"
run_cmd "$FSJAIL" run --workspace "$W2" -- sh -c 'echo changed >"$1"' sh "$W2/f"
assert_rc 0
run_cmd "$FSJAIL" backups list --workspace "$W2" --json
assert_rc 0
n=$(json "$OUT" 'len(d["cycles"])')
[ "$n" = 1 ] || fail "--workspace $W2 lists $n cycles: $(cat "$OUT")"
[ "$(json "$OUT" 'd["cycles"][0]["workspace"]')" = "$W2" ] || fail "the cycle names $(cat "$OUT")"
run_cmd "$FSJAIL" backups list --workspace "$WS" --json
[ "$(json "$OUT" 'sorted(set(c["workspace"] for c in d["cycles"]))')" = "['$WS']" ] ||
	fail "--workspace $WS lists others: $(cat "$OUT")"
end_test

begin_test "backups show: the newest cycle of the workspace, not another workspace's newer one"
# W2's run above is the newest cycle of the store
run_cmd "$FSJAIL" backups show --workspace "$WS"
assert_rc 0
grep -q "$WS/kept.txt" "$OUT" || fail "show --workspace $WS shows: $(head -n 3 "$OUT")"
grep -q "$W2/" "$OUT" && fail "show --workspace $WS shows $W2's cycle: $(head -n 3 "$OUT")"
run_cmd "$FSJAIL" backups show --workspace "$W2"
assert_rc 0
grep -q "$W2/f" "$OUT" || fail "show --workspace $W2 shows: $(head -n 3 "$OUT")"
W3=$HOME/empty
mkdir -p "$W3"
run_cmd "$FSJAIL" backups show --workspace "$W3"
assert_rc 0
[ -s "$OUT" ] && fail "show --workspace $W3 (no cycle) shows: $(head -n 3 "$OUT")"
assert_err_match "no backup cycle of workspace $W3"
end_test

done_testing
