#!/bin/bash
# Two runs on one workspace at once (agents run tool calls in parallel;
# att5). Run A removes P twice while run B renames q0, then q1, onto P,
# the four steps interleaved (flag files make it deterministic). Each
# cycle is right alone, but A's "removed P" backups had no order against
# B's "renamed q -> P" records: restoring both cycles, in either order,
# lost q0 and q1 and left P holding a user file's bytes. Racing (A
# creates and unlinks P from two threads, B renames N files onto it) lost
# nearly all. The runs' acts and records now take one workspace lock and
# carry its sequence number (src/hostlock.h); restore undoes the cycles
# that overlap together, newest record first (src/restore-group.h), and
# says so. Asserts every user file comes back byte for byte.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

# wait_flag F: a loop, inside a run, until the flag file f/F exists (at
# most 60 s: a run never hangs the suite).
WAIT='w() { i=0; while [ ! -e "f/$1" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done; }'

# start_pair A_SCRIPT B_SCRIPT: the two runs, each with its own session,
# started at once; waits for both (their output in $T/a.*, $T/b.*).
run_pair()
{
	"$FSJAIL" run --workspace "$WS" -- bash -c "$WAIT; $1" >"$T/a.out" 2>"$T/a.err" </dev/null &
	local a=$!
	"$FSJAIL" run --workspace "$WS" -- bash -c "$WAIT; $2" >"$T/b.out" 2>"$T/b.err" </dev/null &
	local b=$!
	wait "$a" || fail "run A failed: $(head -c 300 "$T/a.err")"
	wait "$b" || fail "run B failed: $(head -c 300 "$T/b.err")"
}

# cycle_names: the run cycles of $WS, oldest first, one a line.
cycle_names()
{
	"$FSJAIL" backups list --json --workspace "$WS" |
		python3 -c 'import json, sys
for c in json.load(sys.stdin)["cycles"]:
    if c["kind"] == "run": print(c["cycle"])'
}

# fresh N: an empty workspace with P and q0..q(N-1), each "user file ...",
# an empty flag folder f, and a copy of it all in $T/before; no cycles.
fresh()
{
	rm -rf "$WS" "$STATE_DIR/sessions" "$T/before"
	mkdir -p "$WS/f"
	echo "user file P" >"$WS/P"
	for i in $(seq 0 $(($1 - 1))); do echo "user file $i" >"$WS/q$i"; done
	cp -a "$WS" "$T/before"
	cd "$WS" || bail_out "no workspace"
}

# same_as_before: the workspace is as copied by fresh (flags the runs made
# went to the trash).
same_as_before()
{
	if ! diff -r --no-dereference "$T/before" "$WS" >"$T/diff" 2>&1; then
		fail "the workspace differs from before the runs"
		diag_file diff "$T/diff"
	fi
}

interleaved()
{
	fresh 2
	run_pair 'rm P; : >f/a1; w b1; rm P; : >f/a2' \
		'w a1; mv q0 P; : >f/b1; w a2; mv q1 P'
	[ "$(cat P 2>/dev/null)" = "user file 1" ] && [ ! -e q0 ] && [ ! -e q1 ] ||
		fail "the runs did not interleave as planned: $(ls "$WS")"
	[ "$(cycle_names | wc -l)" = 2 ] || fail "not two cycles: $(cycle_names)"
}

begin_test "two runs interleaved (rm P / mv q0 P / rm P / mv q1 P): restore the newest, then the other"
interleaved
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
same_as_before
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$(cycle_names | sed -n 1p)"
assert_rc 0
same_as_before
end_test

begin_test "the same, the older cycle first: every file back, then nothing left to do"
interleaved
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$(cycle_names | sed -n 1p)"
assert_rc 0
same_as_before
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match 'nothing to restore'
same_as_before
end_test

begin_test "restore says it undoes the overlapping cycles together (text, --dry-run, --json)"
interleaved
first=$(cycle_names | sed -n 1p)
second=$(cycle_names | sed -n 2p)
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run
assert_rc 0
assert_out_match "$first"
assert_out_match 'together'
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run --json
assert_rc 0
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert sorted(d["cycles"]) == sorted(sys.argv[2:]), d.get("cycles")
assert any(a["action"] == "move-back" for a in d["actions"]), d["actions"]' \
	"$OUT" "$first" "$second" 2>"$T/py" || { fail "--json lacks both cycles"; diag_file py "$T/py"; }
[ ! -e "$WS/q0" ] || fail "a dry run changed the workspace"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match "$first"
same_as_before
end_test

# racing N: A creates and unlinks P from two threads until B, which
# renames q0..q(N-1) onto P one by one, is done.
racing()
{
	fresh "$1"
	rm "$WS/P" "$T/before/P"
	run_pair 'python3 -c "
import os, threading
def loop():
    while not os.path.exists(\"f/stop\"):
        try:
            os.close(os.open(\"P\", os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except OSError:
            pass
        try:
            os.unlink(\"P\")
        except OSError:
            pass
t = [threading.Thread(target=loop) for _ in range(2)]
open(\"f/go\", \"w\").close()
[x.start() for x in t]
[x.join() for x in t]
"' "w go; i=0; while [ \$i -lt $1 ]; do mv q\$i P; i=\$((i + 1)); done; : >f/stop"
}

begin_test "racing: two threads create and unlink P while another run renames 150 files onto it"
N=${FSJ_RACE_FILES:-150}
racing "$N"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
lost=0
for i in $(seq 0 $((N - 1))); do
	[ "$(cat "$WS/q$i" 2>/dev/null)" = "user file $i" ] || lost=$((lost + 1))
done
[ "$lost" = 0 ] || { fail "$lost of $N user files did not come back"; diag_file out "$OUT"; }
same_as_before
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match 'nothing to restore'
end_test

begin_test "racing, the older cycle restored first: none lost either"
racing "$N"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$(cycle_names | sed -n 1p)"
assert_rc 0
lost=0
for i in $(seq 0 $((N - 1))); do
	[ "$(cat "$WS/q$i" 2>/dev/null)" = "user file $i" ] || lost=$((lost + 1))
done
[ "$lost" = 0 ] || { fail "$lost of $N user files did not come back"; diag_file err "$ERR"; }
end_test

done_testing
