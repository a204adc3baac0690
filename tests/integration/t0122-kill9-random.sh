#!/bin/bash
# Faults lose nothing (issue 19 item 4): fsjail is killed with SIGKILL at
# random points of a scripted session - during start-up, while the
# command rewrites, appends to, truncates, chmods, copies over, renames
# over, hard-links and removes files and removes whole folders, after it
# is done - and each time a full `backups restore` must bring the
# workspace back to its hash manifest (type, mode, link count, content,
# symlink target of every path), and nothing the killed run made may be
# left (a "creating" record is written before each create, issue 14).
# After every round each state
# file stays readable (backups list --json, log, status). Then two runs
# and a restore at the same time on one state folder, each workspace
# restored to its own manifest. Seeded and bounded: FSJAIL_KILL_SEED
# (default 19) and FSJAIL_KILL_ROUNDS (default 8) repeat a failure.
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock

SEED=${FSJAIL_KILL_SEED:-19}
ROUNDS=${FSJAIL_KILL_ROUNDS:-8}
RANDOM=$SEED
diag "seed $SEED, $ROUNDS rounds"

# populate DIR: files of random sizes, a hard-linked pair, a symlink, two
# folders with files (for rm -r)
populate()
{
	local d=$1 i
	mkdir -p "$d/d/s0/in" "$d/d/s1"
	for i in $(seq 0 39); do
		head -c $((RANDOM % 4000 + 1)) /dev/urandom >"$d/d/f$i"
	done
	ln "$d/d/f0" "$d/d/hard0"
	ln -s f1 "$d/d/sym1"
	chmod 640 "$d/d/f2"
	for i in 0 1 2; do
		echo "in s0 $i" >"$d/d/s0/in/x$i"
		echo "in s1 $i" >"$d/d/s1/y$i"
	done
}

# manifest DIR: every path under DIR with type, mode, link count, symlink
# target, and the SHA-256 of each regular file
manifest()
{
	(cd "$1" && find . -mindepth 1 -printf '%y %m %p %l\n' &&
		find . -type f -print0 | xargs -0r sha256sum) | LC_ALL=C sort
}

# The session, run inside the sandbox: $1 seeds its own choices.
# shellcheck disable=SC2016
SESSION='RANDOM=$1
cd d || exit 1
for i in $(seq 1 150); do
	f=f$((RANDOM % 40)) g=f$((RANDOM % 40))
	case $((RANDOM % 10)) in
	0) echo "w $i" >"$f" ;;
	1) echo "a $i" >>"$f" ;;
	2) rm -f "$f" ;;
	3) echo "w $i" >"$f.tmp" && mv -f "$f.tmp" "$f" ;;
	4) mkdir -p n$i && echo x >n$i/x ;;
	5) truncate -s 3 "$f" 2>/dev/null ;;
	6) chmod 600 "$f" 2>/dev/null ;;
	7) rm -f "$f" && echo "again $i" >"$f" ;;
	8) echo "x $i" >n$i.new ;;
	9) rm -rf s$((RANDOM % 2)) ;;
	esac
	sleep 0.003
done
sleep 60'

# state_readable: the state files still read as fsjail's
state_readable()
{
	local what=$1
	run_cmd "$FSJAIL" backups list --json --workspace "$WS"
	[ "$RC" = 0 ] && python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$OUT" ||
		fail "$what: backups list --json: exit $RC: $(head -c 300 "$ERR")"
	run_cmd "$FSJAIL" log
	assert_rc 0
	run_cmd "$FSJAIL" status --workspace "$WS"
	[ "$RC" -le 1 ] || fail "$what: status exit $RC: $(head -c 300 "$ERR")"
}

# restore_to DIR MANIFEST WHAT: a full restore of DIR's newest cycle, which
# must give back every line of MANIFEST (nothing lost) and no line more
# (nothing the killed run made left outside the trash); DIR is then put
# back from its copy DIR.orig so the next round starts clean.
restore_to()
{
	run_cmd "$FSJAIL" backups restore --workspace "$1"
	[ "$RC" = 0 ] || fail "$3: backups restore: exit $RC: $(head -c 500 "$ERR")"
	manifest "$1" >"$T/now"
	if [ -n "$(LC_ALL=C comm -23 "$2" "$T/now")" ]; then
		fail "$3: lost after the restore:"
		LC_ALL=C comm -23 "$2" "$T/now" | head -10 | sed 's/^/#   /'
	fi
	if ! cmp -s "$2" "$T/now"; then
		fail "$3: made by the run and left after the restore:"
		LC_ALL=C comm -13 "$2" "$T/now" | head -10 | sed 's/^/#   /'
		rm -rf "$1" && cp -a "$1.orig" "$1" && cd "$WS"
	fi
}

populate "$WS"
manifest "$WS" >"$T/manifest"
cp -a "$WS" "$WS.orig"

# round R KILL_RESTORE: one run of the session killed at a random point,
# then (KILL_RESTORE=1) a restore killed at a random point, then a full
# restore that must lose nothing, and the state files must read.
round()
{
	local r=$1 delay kdelay pid rpid what
	delay=$((RANDOM % 150))
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c "$SESSION" session $((SEED + r)) \
		>"$OUT" 2>"$ERR" </dev/null &
	pid=$!
	sleep "$((delay / 100)).$(printf %02d $((delay % 100)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	what="round $r (killed after ${delay}0 ms)"
	if [ "$2" = 1 ]; then
		kdelay=$((RANDOM % 30))
		setsid "$FSJAIL" backups restore --workspace "$WS" >/dev/null 2>&1 </dev/null &
		rpid=$!
		sleep "0.$(printf %02d "$kdelay")"
		kill -KILL "$rpid" 2>/dev/null
		wait "$rpid" 2>/dev/null
		what="$what, its restore killed after ${kdelay}0 ms"
	fi
	if [ "$2" = 1 ]; then
		# the known gap below: only a clear answer is asserted
		run_cmd "$FSJAIL" backups restore --workspace "$WS"
		case $RC in
		0) ;;
		125) grep -q . "$ERR" || fail "$what: exit 125 without a message" ;;
		*) fail "$what: the restore after the killed one: exit $RC" ;;
		esac
		manifest "$WS" >"$T/now"
		cmp -s "$T/manifest" "$T/now" ||
			diag "known gap: $what: exit $RC, the workspace differs ($(diff "$T/manifest" "$T/now" | grep -c '^[<>]') lines)"
		rm -rf "$WS" && cp -a "$WS.orig" "$WS" && cd "$WS"
	else
		restore_to "$WS" "$T/manifest" "$what"
	fi
	state_readable "$what"
}

begin_test "SIGKILL at random points of a session: a full restore loses nothing of the hash manifest"
for r in $(seq 1 "$ROUNDS"); do
	round "$r" 0
done
end_test

begin_test "two runs and a restore at once on one state folder: none corrupts another"
W1=$HOME/w1 W2=$HOME/w2 W3=$HOME/w3
for w in "$W1" "$W2" "$W3"; do
	mkdir -p "$w"
	populate "$w"
	manifest "$w" >"$w.manifest"
	cp -a "$w" "$w.orig"
done
# W3 gets a cycle to restore first
S1=${SESSION%sleep 60}
(cd "$W3" && "$FSJAIL" run --workspace "$W3" -- bash -c "$S1" session 3 >/dev/null 2>&1 </dev/null)
(cd "$W1" && exec "$FSJAIL" run --workspace "$W1" -- bash -c "$S1" session 1 >"$T/o1" 2>"$T/e1" </dev/null) &
p1=$!
(cd "$W2" && exec "$FSJAIL" run --workspace "$W2" -- bash -c "$S1" session 2 >"$T/o2" 2>"$T/e2" </dev/null) &
p2=$!
"$FSJAIL" backups restore --workspace "$W3" >"$T/o3" 2>"$T/e3" </dev/null &
p3=$!
wait "$p1" || fail "run in w1: exit $?: $(head -c 300 "$T/e1")"
wait "$p2" || fail "run in w2: exit $?: $(head -c 300 "$T/e2")"
wait "$p3" || fail "restore of w3: exit $?: $(head -c 300 "$T/e3")"
manifest "$W3" >"$T/now"
[ -z "$(LC_ALL=C comm -23 "$W3.manifest" "$T/now")" ] || fail "w3: lost after its restore"
restore_to "$W1" "$W1.manifest" "w1"
restore_to "$W2" "$W2.manifest" "w2"
state_readable "after the concurrent runs"
end_test

begin_test "no temporary or lock file left in the state folder after the kills"
left=$(find "$STATE_DIR" -name '*.tmp*' -o -name '.#*' -o -name '*.lock' | head -5)
[ -z "$left" ] || fail "left behind: $left"
end_test

# Known gaps of restore found while writing this test (issue 19; the
# backup/restore code, left to its owners): each a minimal session, run to
# its end (no kill), then a full restore must give back the manifest. XFAIL
# until fixed (an XPASS then fails the suite: remove the TODO).
gap()
{
	local w=$HOME/gap
	rm -rf "$w" "$w.orig"
	mkdir -p "$w/d"
	for i in 1 2 3 4 5; do echo "orig $i" >"$w/d/f$i"; done
	manifest "$w" >"$T/gap.manifest"
	cp -a "$w" "$w.orig"
	(cd "$w" && "$FSJAIL" run --workspace "$w" -- bash -c "cd d && $1" >/dev/null 2>&1 </dev/null)
	run_cmd "$FSJAIL" backups restore --workspace "$w"
	manifest "$w" >"$T/now"
	cmp -s "$T/gap.manifest" "$T/now" ||
		fail "'$1': restore exit $RC; the workspace differs: $(diff "$T/gap.manifest" "$T/now" | head -4 | tr '\n' ' ')"
}

begin_test "a rename chain (mv -f f2 f3; cp f4 f2; mv -f f5 f3) restores f2 (restore moves back a file it recreated: 93ffbcf)"
gap 'mv -f f2 f3 && cp f4 f2 && mv -f f5 f3'
end_test

begin_test "a hard link the run made (ln f4 l4) is moved to the trash (a name-only created record: f4 keeps its backups)"
gap 'ln f4 l4'
end_test

# Known gap (issue 19, found by this test; restore): a restore killed
# part way leaves a state the next restore can refuse ("cannot move it
# back: its old name exists", a rename over undone half). Whether a round
# meets it depends on where the kill lands, so only what always holds is
# asserted: the next restore answers (0, or 125 with a message), the state
# files read; a difference is a diagnostic.
begin_test "a restore killed at a random point: the next restore answers clearly, the state reads"
for r in $(seq 1 4); do
	round "$((ROUNDS + r))" 1
done
end_test

done_testing
