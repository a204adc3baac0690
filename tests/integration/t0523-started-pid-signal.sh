#!/bin/bash
# A harness signals the pid of the "started" record (fsjail-run/1) to
# stop a run, as it would the command. That pid is fsjail's child C,
# which holds the command's pid namespace (launch-ns.c); C took every
# signal another process sent it and did nothing, so a harness's SIGTERM
# or SIGINT never reached the command, which ran on to its end. C now
# passes such a signal to the supervisor, which passes it on as when
# fsjail itself is signalled: the command gets it, and the exited record
# says how it ended.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0523_USER 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

# sig_started SIG SCRIPT: run SCRIPT with --status-fd into $T/st, send SIG
# to the started record's pid once the command runs ($WS/up made), wait;
# sets RC
sig_started()
{
	local sig=$1 pid i
	rm -f "$WS/up" "$T/st"
	# a background job of a script ignores SIGINT; the command must not
	env --default-signal=INT "$FSJAIL" run --workspace "$WS" --status-fd 3 -- bash -c "$2" \
		3>"$T/st" >"$OUT" 2>"$ERR" &
	local fj=$!
	for i in $(seq 100); do
		[ -e "$WS/up" ] && break
		sleep 0.1
	done
	pid=$(json_line started pid)
	if [ -n "$pid" ] && [ "$pid" != None ]; then
		kill -s "$sig" "$pid" || fail "cannot signal the started pid $pid"
	else
		fail "no started pid in $(cat "$T/st")"
	fi
	wait "$fj"
	RC=$?
	LAST_CMD="fsjail run --status-fd 3 -- bash -c $2 (SIG$sig to pid $pid)"
}

# json_line TYPE MEMBER: MEMBER of the TYPE record of $T/st
json_line()
{
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o.get("type") == sys.argv[2]:
        print(o.get(sys.argv[3]))' "$T/st" "$1" "$2"
}

begin_test "SIGTERM to the started pid reaches the command: its trap runs, fsjail exits with its status"
sig_started TERM 'trap "echo got >\"$PWD/got\"; exit 7" TERM; : >up; sleep 8 & wait'
assert_rc 7
assert_content "$WS/got" got
[ "$(json_line exited status)" = 7 ] || fail "exited record: $(tail -1 "$T/st")"
end_test

begin_test "SIGINT to the started pid kills the command: status 130, exited signal 2"
sig_started INT ': >up; exec sleep 8'
assert_rc 130
[ "$(json_line exited signal)" = 2 ] || fail "exited record: $(tail -1 "$T/st")"
end_test

begin_test "SIGHUP to the started pid kills the command: status 129"
sig_started HUP ': >up; exec sleep 8'
assert_rc 129
[ "$(json_line exited signal)" = 1 ] || fail "exited record: $(tail -1 "$T/st")"
end_test

end_user_pass
done_testing
