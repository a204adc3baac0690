#!/bin/bash
# A background job of the command (`sleep 100 &`, nohup, a dev server
# started with '&') was killed silently when `fsjail run` ended (msg32
# item 1): the command's pid namespace ends with it (pid_namespaces(7)).
# Now fsjail-init counts what is still running when the command ends
# (launch_left_send()) and fsjail says on stderr how many were stopped,
# with their command names escaped (at most 3, "and N more"; as named
# when the command ended: the tests wait for the exec of each; not with
# --quiet), in a "stopped" record on --status-fd, in "exited" as
# "stopped", and in the audit log (runmsg-stopped.c; fsjail(1) REFUSALS).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0443_USER 5
setup
require_landlock
gone() { ! pgrep -f "$1" >/dev/null; }

begin_test "sleep 1000443 &: the note names it, it is gone, the audit log has it"
fsj -- sh -c 'sleep 1000443 & sleep 0.5; echo started'
assert_rc 0
assert_out_eq started
assert_err_match "^fsjail: note: 1 process still running when the command ended was stopped with the run \(sleep\): "
gone 'sleep 1000443' || fail "the background sleep still runs"
run_cmd "$FSJAIL" log --tail 2
assert_out_match "stopped - $WS \(fsjail\): 1 process still running when the command ended: sleep  \[command: sh -c "
end_test

begin_test "--quiet: no note; --status-fd: a stopped record before exited, and exited.stopped"
fsj --quiet --status-fd 3 -- sh -c 'nohup sleep 1000443 >/dev/null 2>&1 & sleep 0.5' 3>"$T/st"
assert_rc 0
grep -q 'still running' "$ERR" && fail "--quiet printed the note: $(cat "$ERR")"
python3 - "$T/st" <<'PY' || fail "the status stream: $(cat "$T/st")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
types = [r["type"] for r in recs]
assert types[-2:] == ["stopped", "exited"], types
assert recs[-2]["count"] == 1 and recs[-2]["commands"] == ["sleep"], recs[-2]
assert recs[-1]["stopped"] == 1, recs[-1]
PY
gone 'sleep 1000443' || fail "the nohup sleep still runs"
end_test

begin_test "five left: three named, then 'and 2 more'"
fsj -- sh -c 'for i in 1 2 3 4 5; do sleep 1000443 & done; sleep 0.5; exit 3'
assert_rc 3
assert_err_match "^fsjail: note: 5 processes still running when the command ended were stopped with the run \(sleep, sleep, sleep and 2 more\): "
gone 'sleep 1000443' || fail "a background sleep still runs"
end_test

begin_test "a command name with control bytes is escaped"
ln -s "$(command -v sleep)" "$WS/$(printf 'x\033[31m')"
fsj -- sh -c './"$1" 1000443 & sleep 0.5' sh "$(printf 'x\033[31m')"
assert_rc 0
if LC_ALL=C grep -q "$(printf '\033')" "$ERR"; then fail "a raw ESC byte reached stderr"; fi
assert_err_match 'stopped with the run \(x\\x1b\[31m\)'
end_test

begin_test "nothing left: no note, exited.stopped is 0"
fsj --status-fd 3 -- sh -c 'sleep 0.1 & wait' 3>"$T/st"
assert_rc 0
grep -q 'still running' "$ERR" && fail "a note with nothing left: $(cat "$ERR")"
grep -q '"type":"exited".*"stopped":0' "$T/st" || fail "exited.stopped is not 0: $(cat "$T/st")"
end_test

end_user_pass
done_testing
