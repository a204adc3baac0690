#!/bin/bash
# The create -> record kill window (issue 14): fsjail is killed with
# SIGKILL at random points of a create-heavy session (files, folders,
# symlinks, hard links, FIFOs, copies, renames to new names, with appends
# to and renames of older files mixed in). The listener writes a
# "creating" record before each create, so after every round one full
# `backups restore` must leave no object the run made outside the trash
# (the workspace lists exactly what it held before) and every older file
# byte-identical (type, mode, content, symlink target; not the link count:
# the trash keeps a name of an older file the run linked). Before
# the write-ahead record a kill between a create and its "created" record
# left the object behind. Seeded and bounded: FSJAIL_KILL_SEED (default
# 14) and FSJAIL_KILL_ROUNDS (default 24) repeat a failure.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

SEED=${FSJAIL_KILL_SEED:-14}
ROUNDS=${FSJAIL_KILL_ROUNDS:-24}
RANDOM=$SEED
diag "seed $SEED, $ROUNDS rounds"

manifest()
{
	(cd "$1" && find . -mindepth 1 -printf '%y %m %p %l\n' &&
		find . -type f -print0 | xargs -0r sha256sum) | LC_ALL=C sort
}

mkdir -p "$WS/d"
for i in $(seq 0 19); do head -c $((RANDOM % 3000 + 1)) /dev/urandom >"$WS/d/f$i"; done
ln -s f1 "$WS/d/sym1"
mkdir "$WS/d/old"
echo old >"$WS/d/old/x"
sleep 1.1 # the older files are born before any cycle
manifest "$WS" >"$T/manifest"
cp -a "$WS" "$WS.orig"

# shellcheck disable=SC2016
SESSION='RANDOM=$1
cd d || exit 1
for i in $(seq 1 400); do
	f=f$((RANDOM % 20))
	case $((RANDOM % 10)) in
	0|1) : >n$i ;;
	2) mkdir m$i ;;
	3) ln -s "$f" s$i ;;
	4) ln "$f" h$i 2>/dev/null ;;
	5) mkfifo p$i ;;
	6) cp "$f" c$i ;;
	7) echo t >t$i && mv t$i u$i ;;
	8) echo "a $i" >>"$f" ;;
	9) mv "$f" "$f.m$i" 2>/dev/null && mv "$f.m$i" "$f" ;;
	esac
done
sleep 60'

begin_test "SIGKILL at random points of a create-heavy session: restore leaves no made object and every older file as it was"
made_left=0 again=
for r in $(seq 1 "$ROUNDS"); do
	delay=$((RANDOM % 80 + 5))
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c "$SESSION" session $((SEED + r)) \
		>"$OUT" 2>"$ERR" </dev/null &
	pid=$!
	sleep "$((delay / 100)).$(printf %02d $((delay % 100)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	what="round $r (killed after ${delay}0 ms)"
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	[ "$RC" = 0 ] || fail "$what: backups restore: exit $RC: $(head -c 400 "$ERR")"
	manifest "$WS" >"$T/now"
	if [ -n "$(LC_ALL=C comm -23 "$T/manifest" "$T/now")" ]; then
		fail "$what: an older file is not as it was after the restore:"
		LC_ALL=C comm -23 "$T/manifest" "$T/now" | head -5 | sed 's/^/#   /'
	fi
	if [ -n "$(LC_ALL=C comm -13 "$T/manifest" "$T/now")" ]; then
		made_left=$((made_left + 1))
		fail "$what: made by the run and left outside the trash after the restore:"
		LC_ALL=C comm -13 "$T/manifest" "$T/now" | head -5 | sed 's/^/#   /'
	fi
	# a second restore: nothing of the first undone, nothing more taken
	# (a rename there and back is redone both ways: a restore quirk
	# outside this test's scope, so moves are not counted)
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	manifest "$WS" >"$T/now2"
	if [ "$RC" != 0 ] || grep -q -e "trash" -e "removed" "$OUT" || ! cmp -s "$T/now" "$T/now2"; then
		again="$again $r"
		head -3 "$OUT" "$ERR" | sed 's/^/#   /'
	fi
	rm -rf "$WS" && cp -a "$WS.orig" "$WS" && cd "$WS" || bail_out "cannot reset the workspace"
done
diag "rounds with a made object left: $made_left of $ROUNDS"
end_test

begin_test "a second restore after each takes nothing more and changes nothing"
[ -z "$again" ] || fail "rounds whose second restore took something, changed the workspace or failed:$again"
end_test

done_testing
