#!/bin/bash
# A harness signals the started record's pid, C (launch-ns.c), which is
# in the command's process group, and C passes the signal to the
# supervisor, which sends it to that group (t0523). Without Landlock's
# signal scope (ABI < 6; FSJAIL_LANDLOCK_ABI_MAX=5 here) a process of the
# command reaches C too, with kill(0, sig) to its own group, and C passed
# that on: the group got each such signal twice, and a tool that takes a
# second SIGINT or SIGTERM as "stop now" skipped its cleanup (att29). The
# kernel gives C the sender's pid as the sender's namespace numbers it;
# C now looks it up in the command's namespace and passes on only a
# signal from outside.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0526_USER 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
export FSJAIL_LANDLOCK_ABI_MAX=5

# count_self SIG: the command signals its own process group once and
# counts, for 2 seconds, how many times SIG arrives, into $WS/count
count_self()
{
	fsj -- python3 -c 'import os, signal, sys, time
n = [0]
sig = getattr(signal, "SIG" + sys.argv[1])
signal.signal(sig, lambda s, f: n.__setitem__(0, n[0] + 1))
os.kill(0, sig)
end = time.time() + 2
while time.time() < end:
    time.sleep(0.05)
open("count", "w").write("%d\n" % n[0])' "$1"
}

begin_test "kill(0, SIGTERM) by the command: its group gets SIGTERM once, not again from the supervisor"
count_self TERM
assert_rc 0
assert_content "$WS/count" 1
end_test

begin_test "kill(0, SIGINT) by the command: its group gets SIGINT once"
count_self INT
assert_rc 0
assert_content "$WS/count" 1
end_test

begin_test "a harness's SIGTERM to the started pid still reaches the command"
rm -f "$WS/up" "$T/st" "$WS/got"
"$FSJAIL" run --workspace "$WS" --status-fd 3 -- \
	bash -c 'trap "echo got >\"$PWD/got\"; exit 7" TERM; : >up; sleep 8 & wait' \
	3>"$T/st" >"$OUT" 2>"$ERR" &
fj=$!
for i in $(seq 100); do
	[ -e "$WS/up" ] && break
	sleep 0.1
done
pid=$(python3 -c 'import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o.get("type") == "started":
        print(o.get("pid"))' "$T/st")
[ -n "$pid" ] && kill -TERM "$pid" || fail "no started pid in $(cat "$T/st")"
wait "$fj"
RC=$?
LAST_CMD="fsjail run --status-fd 3 (SIGTERM to pid $pid)"
assert_rc 7
assert_content "$WS/got" got
end_test

end_user_pass
done_testing
