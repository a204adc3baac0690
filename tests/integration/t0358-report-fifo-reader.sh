#!/bin/bash
# --report FILE where FILE is a named pipe: open(2) for writing waits for
# a reader, so fsjail with no reader on its report hung before the command
# started, for ever, and a harness got neither the command's status nor
# an "exited" record. fsjail now waits a few seconds for a reader (a
# harness may start it just after fsjail), then fails closed: exit 125,
# the reason on stderr and in the "exited" record, the command never run.
# A reader that comes late or leaves early costs the command nothing: its
# output and status are what they are without --report.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0358_USER 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"
command -v timeout >/dev/null || bail_out "timeout(1) is needed to catch a hang"
cd "$WS" || bail_out "cannot enter $WS"
mkfifo "$T/fifo" || bail_out "cannot make a named pipe"
# the command: says something, is refused a write (a report line for
# fsjail to write), exits 7
CMD='echo out; touch /etc/fsjail-t0358 2>/dev/null; echo more; exit 7'

# last_exited FILE PY: PY with e = the last fsjail-run/1 record of FILE,
# which must be the "exited" one
last_exited()
{
	python3 - "$1" "$2" <<'PY' || fail "status stream: $(cat "$1")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
e = recs[-1]
assert e["schema"] == "fsjail-run/1" and e["type"] == "exited", recs
exec(sys.argv[2])
PY
}

begin_test "no reader: exit 125 after a bounded wait, the command never runs, the reason said"
start=$(date +%s)
timeout 30 "$FSJAIL" run --workspace "$WS" --report "$T/fifo" --status-fd 3 -- \
	sh -c "touch ran; $CMD" 3>"$T/status" >"$OUT" 2>"$ERR"
rc=$? took=$(($(date +%s) - start))
[ "$rc" = 125 ] || fail "exit $rc, not 125 (124: fsjail hung on the pipe)"
[ "$took" -le 20 ] || fail "took ${took}s"
assert_not_exists "$WS/ran"
[ ! -s "$OUT" ] || fail "the command ran: $(cat "$OUT")"
assert_err_match "the report '$T/fifo' is a named pipe that no process opened for reading"
last_exited "$T/status" '
assert e["status"] == 125 and e["fsjail_failed"] is True and e["command_started"] is False, e
assert "named pipe" in e["fsjail_error"], e'
end_test

begin_test "a reader that comes a second late gets the report; output and status as without it"
fsj_sh -- "$CMD"
assert_rc 7
cp "$OUT" "$T/plain.out"
(sleep 1; cat "$T/fifo" >"$T/report") &
reader=$!
timeout 60 "$FSJAIL" run --workspace "$WS" --report "$T/fifo" --status-fd 3 -- sh -c "$CMD" \
	3>"$T/status" >"$OUT" 2>"$ERR"
rc=$?
wait "$reader"
[ "$rc" = 7 ] || fail "exit $rc, not the command's 7: $(head -3 "$ERR")"
cmp -s "$OUT" "$T/plain.out" || fail "stdout differs: $(cat "$OUT")"
python3 - "$T/report" <<'PY' || fail "report: $(cat "$T/report")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert any(r["schema"] == "fsjail-refusal/1" and r["path"] == "/etc/fsjail-t0358" for r in recs), recs
PY
last_exited "$T/status" 'assert e["status"] == 7 and e["fsjail_failed"] is False, e'
end_test

begin_test "a reader that leaves at once: the command's output and status are kept"
(: <"$T/fifo") &
reader=$!
timeout 60 "$FSJAIL" run --workspace "$WS" --report "$T/fifo" --status-fd 3 -- \
	sh -c "sleep 0.5; $CMD" 3>"$T/status" >"$OUT" 2>"$ERR"
rc=$?
wait "$reader"
[ "$rc" = 7 ] || fail "exit $rc, not the command's 7: $(head -3 "$ERR")"
cmp -s "$OUT" "$T/plain.out" || fail "stdout differs: $(cat "$OUT")"
last_exited "$T/status" 'assert e["status"] == 7 and e["command_started"] is True, e'
end_test

end_user_pass
done_testing
