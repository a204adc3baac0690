#!/bin/bash
# The spare a cycle's first record takes is looked for and held before
# the command runs (src/backup_open.h; issue 12: `git status` waited for
# the slot reads at its first create of .git/index.lock), and moved into
# place only at the first record. What must hold with the spare held for
# the whole run: while the command runs and has changed nothing, the
# store is as it was (no cycle listed, the spare in its slot) and the
# spare is locked, so another run records into a cycle of its own; a run
# killed -9 before its first change leaves the spare whole and nothing
# listed, and one killed after it leaves that cycle listed and
# restorable; a slot swapped for a symlink to the held folder while the
# command runs is never moved into place (the records go to a real
# folder of the run's own, none through the link). Before backup_open.c
# the held-lock checks of cases 1 and 2 failed (the spare was read only
# at the first record); cases 3 and 4 guard the new window.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan 4
setup
require_landlock
command -v flock >/dev/null || skip_rest_kernel "flock(1) is needed"

S=$STATE_DIR/sessions

# spares: the spare session folders, one a line
spares()
{
	find "$S" -mindepth 1 -maxdepth 1 -name '.spare-*' 2>/dev/null | LC_ALL=C sort
}

# make_spare: a run that makes and removes a name parks a spare
make_spare()
{
	echo "file 1" >"$WS/f1"
	"$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1
	rm -rf "$S"/.spare-*
	fsj_sh -- 'echo x >lock && rm lock'
	assert_rc 0
	[ "$(spares | wc -l)" = 1 ] || fail "no spare to start from: '$(spares)'"
}

# held DIR: another process holds DIR flock(2)ed (flock -n fails)
held()
{
	! flock -n "$1" true 2>/dev/null
}

# start_waiting SCRIPT: a run in a session of its own that says "ready"
# and waits for $WS/go before SCRIPT, then sleeps; waits for "ready"
start_waiting()
{
	rm -f "$WS/go" "$T/ready"
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c \
		"echo ready; while [ ! -e go ]; do sleep 0.05; done; $1; echo done; sleep 60" \
		>"$T/ready" 2>"$ERR" </dev/null &
	BG=$!
	for _ in $(seq 1 300); do
		grep -q ready "$T/ready" 2>/dev/null && break
		sleep 0.05
	done
	grep -q ready "$T/ready" || fail "the run did not start: $(cat "$ERR")"
}

# go_and_wait: let the waiting run go on, wait for its "done"
go_and_wait()
{
	: >"$WS/go"
	for _ in $(seq 1 300); do
		grep -q done "$T/ready" 2>/dev/null && break
		sleep 0.05
	done
}

# kill_bg: kill -9 the background run and what is left of its session
kill_bg()
{
	kill -9 "$BG" 2>/dev/null
	wait "$BG" 2>/dev/null
	pkill -9 -s "$BG" 2>/dev/null
	sleep 0.2
}

echo "file 1" >"$WS/f1"

begin_test "a running command that changed nothing: no cycle, the spare in place and held; another run records into its own cycle"
make_spare
sp=$(spares | head -1)
ino=$(stat -c %i "$sp/modify_backup/.spare")
start_waiting 'echo changed >f1'
[ "$(cycles)" = 0 ] || fail "$(cycles) cycles listed before any change"
[ "$(spares)" = "$sp" ] || fail "the spare moved before any change: '$(spares)'"
held "$sp/modify_backup/.spare" || fail "the spare is not held while the command runs"
fsj_sh -- 'echo other >o1'
assert_rc 0
[ "$(spares)" = "$sp" ] || fail "the other run took the held spare: '$(spares)'"
[ "$(cycles)" = 1 ] || fail "$(cycles) cycles after the other run, not 1"
go_and_wait
grep -q done "$T/ready" || fail "the held run did not go on: $(cat "$ERR")"
[ "$(cycles)" = 2 ] || fail "$(cycles) cycles with both runs' changes, not 2"
[ -z "$(spares)" ] || fail "the held spare was not taken by its run's first record: '$(spares)'"
cyc=$(find "$S" -mindepth 3 -maxdepth 3 -path '*/modify_backup/*' ! -name '.*' -inum "$ino" | head -1)
[ -n "$cyc" ] || fail "the first run's cycle is not the held spare's folder"
kill_bg
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$(basename "$cyc")"
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/o1"
assert_rc 0
assert_content "$WS/f1" "file 1"
assert_not_exists "$WS/o1"
end_test

begin_test "a run killed -9 before its first change leaves the spare whole and nothing listed"
make_spare
sp=$(spares | head -1)
ino=$(stat -c %i "$sp/modify_backup/.spare")
before=$(ls -A "$S")
start_waiting 'true'
held "$sp/modify_backup/.spare" || fail "the spare is not held while the command runs"
kill_bg
[ "$(spares)" = "$sp" ] || fail "the spare moved: '$(spares)'"
held "$sp/modify_backup/.spare" && fail "the spare is still held after the kill"
[ "$(stat -c %i "$sp/modify_backup/.spare")" = "$ino" ] || fail "the spare's folder changed"
[ ! -s "$sp/modify_backup/.spare/spare.ndjson" ] || fail "the spare holds records"
[ "$(cycles)" = 0 ] || fail "$(cycles) cycles listed after the kill"
[ "$(ls -A "$S")" = "$before" ] || fail "the store changed: '$before' -> '$(ls -A "$S")'"
fsj_sh -- 'echo x >lock && rm lock'
assert_rc 0
[ "$(stat -c %i "$(spares | head -1)/modify_backup/.spare")" = "$ino" ] ||
	fail "the next run did not take and park the same spare"
end_test

begin_test "a run killed -9 after its first change leaves that cycle listed and restorable"
make_spare
start_waiting 'echo changed >f1'
: >"$WS/go"
for _ in $(seq 1 300); do
	grep -q done "$T/ready" 2>/dev/null && break
	sleep 0.05
done
kill_bg
[ "$(cycles)" = 1 ] || fail "$(cycles) cycles after the kill, not 1"
[ -z "$(spares)" ] || fail "the spare was not taken: '$(spares)'"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/f1" "file 1"
run_cmd "$FSJAIL" backups
assert_rc 0
end_test

begin_test "a slot swapped for a symlink to the held folder is not moved into place"
make_spare
sp=$(spares | head -1)
start_waiting 'echo changed >f1'
mv "$sp" "$T/moved"
ln -s "$T/moved" "$sp"
go_and_wait
grep -q done "$T/ready" || fail "the run did not go on: $(cat "$ERR")"
kill_bg
[ -L "$sp" ] || fail "the symlink at the slot was moved: $(ls -la "$S")"
[ ! -e "$T/moved/modify_backup/.spare/manifest.ndjson" ] && [ ! -s "$T/moved/modify_backup/.spare/spare.ndjson" ] ||
	fail "records went through the link: $(find "$T/moved" -type f | head -3)"
for d in "$S"/*; do
	[ -L "$d" ] && fail "a session folder is a link: $d"
done
[ "$(cycles)" = 1 ] || fail "$(cycles) cycles, not 1"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/f1" "file 1"
rm -f "$sp"
end_test

done_testing
