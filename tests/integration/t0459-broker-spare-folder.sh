#!/bin/bash
# The broker's session folder ($STATE/run/SESSION/, which holds
# broker.sock) is not made and removed on every run: a run that leaves it
# empty keeps it as $STATE/run/+spare, and the next run renames that into
# place (src/broker-dir.c; removing a folder frees a block, which a
# filesystem mounted with `discard` discards while fsjail waits). Only an
# empty folder of ours is taken: a symlink, a file or a folder with
# entries at the spare's name is left alone and the run makes its own
# folder; two runs at once never share one.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
RUN=$STATE_DIR/run
SPARE=$RUN/+spare

begin_test "a run keeps its emptied session folder as the spare; the next run takes it"
fsj -- sh -c 'test -S "$FSJAIL_BROKER_SOCKET"'
assert_rc 0
[ -d "$SPARE" ] && [ ! -L "$SPARE" ] || fail "no spare folder: $(ls -la "$RUN")"
[ "$(stat -c %a "$SPARE")" = 700 ] || fail "spare mode $(stat -c %a "$SPARE")"
[ -z "$(ls -A "$SPARE")" ] || fail "the spare is not empty: $(ls -A "$SPARE")"
[ "$(ls -A "$RUN")" = "+spare" ] || fail "left in $RUN: $(ls -A "$RUN")"
ino=$(stat -c %i "$SPARE")
fsj -- sh -c 'test -S "$FSJAIL_BROKER_SOCKET" && stat -c %i "$(dirname "$FSJAIL_BROKER_SOCKET")"'
assert_rc 0
assert_out_eq "$ino"
[ "$(stat -c %i "$SPARE")" = "$ino" ] || fail "the spare was made anew, not taken and kept"
[ "$(ls -A "$RUN")" = "+spare" ] || fail "left in $RUN: $(ls -A "$RUN")"
end_test

begin_test "a symlink at the spare's name is not followed: its target stays as it was"
rm -rf "$SPARE"
mkdir -m 0700 "$T/elsewhere"
ln -s "$T/elsewhere" "$SPARE"
fsj -- sh -c 'test -S "$FSJAIL_BROKER_SOCKET"'
assert_rc 0
[ -L "$SPARE" ] || fail "the symlink was taken"
[ -z "$(ls -A "$T/elsewhere")" ] || fail "something was made in the target: $(ls -A "$T/elsewhere")"
[ "$(ls -A "$RUN")" = "+spare" ] || fail "left in $RUN: $(ls -A "$RUN")"
end_test

begin_test "a spare with entries is not taken: the entries stay out of the run's folder"
rm -f "$SPARE"
mkdir -m 0700 "$SPARE"
echo planted >"$SPARE/broker.sock.old"
fsj -- sh -c 'test -S "$FSJAIL_BROKER_SOCKET"'
assert_rc 0
assert_content "$SPARE/broker.sock.old" planted
[ "$(ls -A "$RUN")" = "+spare" ] || fail "left in $RUN: $(ls -A "$RUN")"
end_test

begin_test "runs at once each get a folder and leave one spare"
rm -rf "$SPARE"
fsj -- true
for i in 1 2 3 4; do
	"$FSJAIL" run --workspace "$WS" -- sh -c 'test -S "$FSJAIL_BROKER_SOCKET" && sleep 0.3' \
		>"$T/par-$i.out" 2>&1 &
done
wait
for i in 1 2 3 4; do
	grep -q . "$T/par-$i.out" && fail "run $i said: $(cat "$T/par-$i.out")"
done
fsj -- true
assert_rc 0
[ "$(ls -A "$RUN")" = "+spare" ] || fail "left in $RUN: $(ls -A "$RUN")"
end_test

done_testing
