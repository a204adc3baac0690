#!/bin/bash
# What `backups restore` prints is what to type next (issue 12, user7).
# A file the user changed after the run was named with "fsjail backups
# restore --cycle N brings it back", but that line restores the whole
# restore cycle: every other file of the restore went back to the run's
# version and what the run made came back. The line now names the path,
# so typed as printed it brings back that one file. And when cycles are
# restored together (runs at once), each "restored PATH from cycle C"
# named the first cycle for every path; now the cycle that kept it.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

begin_test "the line printed for a later edit, typed as printed, brings back that file alone"
echo orig >"$WS/f"
echo orig-g >"$WS/g"
cd "$WS" || bail_out "no workspace"
fsj_sh -- 'echo run >f && echo run >g && echo made >m'
assert_rc 0
sleep 0.1 # a tick of the filesystem clock: the edit comes after the run's end
echo "the user's later version" >"$WS/f"
ws_restore
assert_content "$WS/f" orig
assert_content "$WS/g" orig-g
[ ! -e "$WS/m" ] || fail "m, made by the run, is still there"
line=$(sed -n 's/.*(\(fsjail backups restore --cycle [^)]*\) brings it back).*/\1/p' "$OUT")
[ -n "$line" ] || fail "no restore line for f: $(cat "$OUT")"
case $line in *"$WS/f") ;; *) fail "the line does not name f: $line" ;; esac
# typed as printed (from the workspace, as a person would)
(cd "$WS" && eval "\"\$FSJAIL\" ${line#fsjail }") >"$T/again.out" 2>&1 || fail "the printed line failed: $(cat "$T/again.out")"
assert_content "$WS/f" "the user's later version"
assert_content "$WS/g" orig-g
[ ! -e "$WS/m" ] || fail "the printed line also brought back m, made by the run"
end_test

begin_test "cycles restored together: each path is said to come from the cycle that kept it"
echo a0 >"$WS/a"
echo b0 >"$WS/b"
mkdir -p "$WS/fl"
WAIT='w() { i=0; while [ ! -e "fl/$1" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done; }'
"$FSJAIL" run --workspace "$WS" -- bash -c "$WAIT; echo A >a; : >fl/a; w b; echo A2 >c" >"$T/a.out" 2>&1 </dev/null &
pa=$!
"$FSJAIL" run --workspace "$WS" -- bash -c "$WAIT; w a; echo B >b; : >fl/b" >"$T/b.out" 2>&1 </dev/null &
pb=$!
wait "$pa" || fail "run A failed: $(cat "$T/a.out")"
wait "$pb" || fail "run B failed: $(cat "$T/b.out")"
cyc=$("$FSJAIL" backups list --json --workspace "$WS" | python3 -c 'import json, sys
for c in json.load(sys.stdin)["cycles"]:
    if c["kind"] == "run" and ">a;" in c["command"]: print("A", c["cycle"])
    if c["kind"] == "run" and ">b;" in c["command"]: print("B", c["cycle"])')
ca=$(echo "$cyc" | sed -n 's/^A //p')
cb=$(echo "$cyc" | sed -n 's/^B //p')
[ -n "$ca" ] && [ -n "$cb" ] || fail "cycles of the two runs not found: $cyc"
ws_restore
assert_out_match 'together'
assert_content "$WS/a" a0
assert_content "$WS/b" b0
[ ! -e "$WS/c" ] || fail "c, made by run A, is still there"
assert_out_match "^restored $WS/a from cycle $ca\$"
assert_out_match "^restored $WS/b from cycle $cb\$"
end_test

done_testing
