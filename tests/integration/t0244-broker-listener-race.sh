#!/bin/bash
# The broker and the seccomp listener act on the host's names from two
# threads. att4 raced them: one process of the command created and
# unlinked a name P in a loop (listener), another had the broker rename
# older user files onto P one by one. The listener looked at P, then
# acted on it by name; a broker rename landing in between had the user's
# file unlinked with no backup, or taken into a "created" record as the
# run's own; `backups restore` then lacked 1-12% of them (117 of 1,000 on
# the code before the fix). Both now take one lock (src/hostlock.h) for
# the look and the act. Asserts every user file comes back byte for byte.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"
N=${FSJ_RACE_FILES:-400}
for i in $(seq 0 $((N - 1))); do echo "user file $i" >"$WS/q$i"; done
sleep 2.2 # older than the run by more than the racy-clean window

begin_test "a broker renaming user files onto a name the listener creates and unlinks loses none"
fsj_sh -- 'python3 -c "
import os
while True:
    try:
        os.close(os.open(\"P\", os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except OSError:
        pass
    try:
        os.unlink(\"P\")
    except OSError:
        pass
" &
racer=$!
# one client sends the renames one by one, each after the reply to the last
for i in $(seq 0 $(($1 - 1))); do
	echo "{\"id\":\"r\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"$PWD/q$i\",\"to\":\"$PWD/P\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"
done | ./bc >/dev/null
kill $racer' "$N"
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
lost=0
for i in $(seq 0 $((N - 1))); do
	[ "$(cat "$WS/q$i" 2>/dev/null)" = "user file $i" ] || lost=$((lost + 1))
done
[ "$lost" = 0 ] || fail "$lost of $N user files did not come back"
end_test

done_testing
