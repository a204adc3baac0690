#!/bin/bash
# Dropping cycles with nothing to restore (src/backup_commit.c) loses
# nothing when fsjail is killed with SIGKILL (the shape of t0122): a
# session in a git repository mixing what leaves no cycle (git status,
# files made and removed, folders made and removed) with what must be
# kept (a file made and renamed over an older one, renames of older
# files, appends, deletes, an older file linked) is killed at a random
# point; git status runs follow, which add no cycle; then restoring every
# cycle of the workspace, newest first, gives back every path of its hash
# manifest. Seeded and bounded: FSJAIL_KILL_SEED (default 12),
# FSJAIL_KILL_ROUNDS (default 6).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v git >/dev/null || skip_rest_kernel "git is needed"
git_env

SEED=${FSJAIL_KILL_SEED:-12}
ROUNDS=${FSJAIL_KILL_ROUNDS:-6}
RANDOM=$SEED
diag "seed $SEED, $ROUNDS rounds"

manifest()
{
	(cd "$1" && find . -mindepth 1 -path ./.git/objects -prune -o -printf '%y %m %p %l\n' &&
		find . -path ./.git/objects -prune -o -type f -print0 | xargs -0r sha256sum) |
		LC_ALL=C sort
}

cycles()
{
	"$FSJAIL" backups list --json --workspace "$WS" 2>/dev/null |
		python3 -c 'import json, sys
t = sys.stdin.read()
print(len(json.loads(t)["cycles"]) if t.strip() else 0)'
}

# shellcheck disable=SC2016
SESSION='RANDOM=$1
for i in $(seq 1 150); do
	f=f$((RANDOM % 30))
	case $((RANDOM % 9)) in
	0) git status --porcelain >/dev/null ;;
	1) echo t >tmp$i && mv tmp$i tmp$i.b && rm tmp$i.b ;;
	2) echo "w $i" >new$i && mv new$i "$f" ;;
	3) echo "a $i" >>"$f" ;;
	4) mv "$f" "$f.m" 2>/dev/null && mv "$f.m" "$f.m2" 2>/dev/null ;;
	5) rm -f "$f" ;;
	6) mkdir -p dd$i/in && echo x >dd$i/in/x && rm -r dd$i ;;
	7) ln "$f" "$f.l$i" 2>/dev/null && rm -f "$f" ;;
	8) git status >/dev/null && echo n >n$i ;;
	esac
	sleep 0.003
done
sleep 60'

for i in $(seq 0 29); do head -c $((RANDOM % 3000 + 1)) /dev/urandom >"$WS/f$i"; done
git -C "$WS" init -q
git -C "$WS" config gc.auto 0
git -C "$WS" add -A
git -C "$WS" commit -qm one
sleep 2
git -C "$WS" status --porcelain >/dev/null
manifest "$WS" >"$T/manifest"
cp -a "$WS" "$WS.orig"
: >"$T/extra"

begin_test "SIGKILL at random points, then git status runs: a restore of every cycle loses nothing"
for r in $(seq 1 "$ROUNDS"); do
	delay=$((RANDOM % 120))
	setsid "$FSJAIL" run --workspace "$WS" -- bash -c "$SESSION" session $((SEED + r)) \
		>"$OUT" 2>"$ERR" </dev/null &
	pid=$!
	sleep "$((delay / 100)).$(printf %02d $((delay % 100)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	what="round $r (killed after ${delay}0 ms)"
	# the first git status may write the index the session made stale
	# (a cycle); the next ones have nothing to write. A killed git status
	# may have left index.lock: they then fail, and add no cycle either.
	fsj -- git status --porcelain
	before=$(cycles)
	for _ in 1 2; do fsj -- git status --porcelain; done
	[ "$(cycles)" = "$before" ] || fail "$what: git status added a cycle ($before -> $(cycles))"
	for c in $("$FSJAIL" backups list --workspace "$WS" 2>/dev/null | awk '{print $2}' | sort -r); do
		"$FSJAIL" backups restore --workspace "$WS" --cycle "$c" >>"$T/restore.out" 2>&1 ||
			fail "$what: restore of $c: exit $?"
	done
	manifest "$WS" >"$T/now"
	if [ -n "$(LC_ALL=C comm -23 "$T/manifest" "$T/now")" ]; then
		fail "$what: lost after the restore:"
		LC_ALL=C comm -23 "$T/manifest" "$T/now" | head -10 | sed 's/^/#   /'
	fi
	LC_ALL=C comm -13 "$T/manifest" "$T/now" | sed "s|^|$what: |" >>"$T/extra"
	rm -rf "$WS" && cp -a "$WS.orig" "$WS" && cd "$WS" || bail_out "cannot reset the workspace"
	"$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1
done
# A name the killed run made (a file, a folder by mkdir, a link) is
# named by the "creating" record written before it was made (issue 14):
# nothing of the run may be left after the restores.
if [ -s "$T/extra" ]; then
	fail "more after the restores than before:"
	head -10 "$T/extra" | sed 's/^/#   /'
fi
end_test

begin_test "no half-removed cycle is left in the store"
left=$(find "$STATE_DIR/sessions" -name '.drop-*' | head -3)
[ -z "$left" ] || fail "left: $left"
end_test

begin_test "the state reads after the kills"
run_cmd "$FSJAIL" backups list --json --workspace "$WS"
[ "$RC" = 0 ] || [ "$RC" = 1 ] || fail "backups list: exit $RC: $(head -c 300 "$ERR")"
run_cmd "$FSJAIL" log
assert_rc 0
end_test

done_testing
