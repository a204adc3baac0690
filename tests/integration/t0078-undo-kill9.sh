#!/bin/bash
# kill -9 of fsjail mid-run (issue 14, "How it is checked"; DESIGN.md
# section 9): while the command rewrites and removes files in a loop, the
# supervisor is killed with SIGKILL. Every change it allowed must be
# undone by `backups restore` byte for byte (the cycle has no commit.json:
# it is still restorable); the command tree does not outlive it; the next
# run works, commits its own cycle and restores on its own, with no
# temporary file left in the store.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

N=400
mkdir -p "$WS/d" "$T/orig"
for i in $(seq 1 $N); do
	head -c $((RANDOM % 3000 + 1)) /dev/urandom >"$WS/d/f$i"
	echo "gone $i" >"$WS/d/g$i"
done
cp -a "$WS/d/." "$T/orig/"

begin_test "fsjail killed with SIGKILL while the command changes files"
setsid "$FSJAIL" run --workspace "$WS" -- bash -c '
for i in $(seq 1 '$N'); do
	echo "changed $i" > d/f$i
	rm d/g$i
	sleep 0.005
done
sleep 60' >"$OUT" 2>"$ERR" </dev/null &
FPID=$!
for _ in $(seq 1 300); do
	n=$(grep -l '^changed' "$WS"/d/f* 2>/dev/null | wc -l)
	[ "$n" -ge 60 ] && break
	sleep 0.05
done
kill -9 "$FPID"
wait "$FPID" 2>/dev/null
changed=$(grep -l '^changed' "$WS"/d/f* 2>/dev/null | wc -l)
diag "$changed files changed before the kill"
[ "$changed" -ge 60 ] || fail "the command changed only $changed files before the kill"
[ "$changed" -lt $N ] || fail "the loop ended before the kill: nothing was cut short"
# What the supervisor started must not go on without it.
for _ in $(seq 1 100); do
	pgrep -s "$FPID" >/dev/null || break
	sleep 0.1
done
if pgrep -s "$FPID" >/dev/null; then
	fail "processes of the killed run are still alive: $(pgrep -s "$FPID" | tr '\n' ' ')"
	pkill -9 -s "$FPID"
fi
end_test

begin_test "every allowed change is restored byte for byte from the uncommitted cycle"
run_cmd "$FSJAIL" backups list
assert_out_match " uncommitted "
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
for i in $(seq 1 $N); do
	cmp -s "$T/orig/f$i" "$WS/d/f$i" || fail "d/f$i differs from before the run"
	cmp -s "$T/orig/g$i" "$WS/d/g$i" || fail "d/g$i is not back"
done
end_test

begin_test "the next run works, commits its cycle and is restorable"
fsj_sh -- 'echo after > d/f1 && echo new > d/new'
assert_rc 0
assert_content "$WS/d/f1" after
run_cmd "$FSJAIL" backups list
[ "$(grep -c ' committed ' "$OUT")" -ge 2 ] || fail "the next run's cycle is not committed"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
cmp -s "$T/orig/f1" "$WS/d/f1" || fail "d/f1 not restored after the next run"
assert_not_exists "$WS/d/new"
end_test

begin_test "no temporary or lock file left in the backup store"
left=$(find "$STATE_DIR" \( -name '*.tmp' -o -name '*.lock' -o -name '.#*' \) 2>/dev/null)
[ -z "$left" ] || fail "left in the store: $left"
end_test
done_testing
