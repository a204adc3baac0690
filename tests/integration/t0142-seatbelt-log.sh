#!/bin/bash
# A macOS run's denials from the unified log (issue 15 item 5; DESIGN.md
# section 10), off-Mac: `fsjail run --backend seatbelt` through the
# sandbox-exec stub (t0030) starts FSJAIL_LOG_COMMAND, a stub `log`
# (tests/helpers/log-stub.sh), as `log stream --style ndjson --predicate
# P` with P naming this run's tag, before the command; the stub replays a
# recorded stream (tests/data/seatbelt-log-stream.ndjson, the shape macOS
# prints: Seatbelt's line and the rule's message "<tag>:<rule id>"). The
# run's denials reach the same refusal summary, --report and --status-fd
# records as the Linux listener's, with the deciding rule; another run's
# denial, a mach-lookup and a line that is not JSON do not; the stub is
# stopped when the run ends.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"

seatbelt_stub
cp "$TEST_SRCDIR/helpers/log-stub.sh" "$T/bin/log"
chmod 0755 "$T/bin/log"
export FSJAIL_LOG_COMMAND=$T/bin/log FSJAIL_STUB_WS=$WS
export FSJAIL_STUB_LOG_FIXTURE=$TEST_SRCDIR/data/seatbelt-log-stream.ndjson

write_rules <<RULES
rules:
  - id: no-env
    path: $WS/.env
    recursive: false
    deny: [read, write, create, delete, execute]
RULES
RULE_LINE=$(grep -n 'id: no-env' "$RULES" | cut -d: -f1)

begin_test "run starts log stream filtered to this run's tag, the tag the profile carries"
fsj --backend seatbelt -- sh -c 'echo ran'
assert_rc 0
assert_out_eq ran
mapfile -t A < <(tr '\0' '\n' <"$T/stub/log.argv")
[ "${A[1]:-} ${A[2]:-} ${A[3]:-} ${A[4]:-}" = "stream --style ndjson --predicate" ] ||
	fail "log was called as: ${A[*]}"
tag=$(printf '%s' "${A[5]:-}" | sed -n 's/.*eventMessage CONTAINS "\([^"]*\)")$/\1/p')
[ -n "$tag" ] || fail "no tag in the predicate '${A[5]:-}'"
case ${A[5]:-} in *'subsystem == "com.apple.sandbox.reporting"'*) ;; *) fail "predicate: ${A[5]:-}" ;; esac
grep -qxF "(deny default (with message \"$tag\"))" "$T/stub/profile.last" ||
	fail "the profile's (deny default) does not carry the tag '$tag'"
end_test

begin_test "the log program is stopped when the run ends"
pgrep -f "^$T/bin/log" >/dev/null && fail "the log stub outlived the run"
# by the stub's own pid: a machine-wide search for 'sleep 3600' also
# finds another test run's stub (CI of one clone while another checks)
[ -s "$T/stub/log.pid" ] || fail "the stub wrote no pid"
spid=$(cat "$T/stub/log.pid")
kill -0 "$spid" 2>/dev/null && tr '\0' ' ' <"/proc/$spid/cmdline" 2>/dev/null | grep -q 'sleep 3600' &&
	fail "the stub's sleep (pid $spid) outlived the run"
end_test

begin_test "the summary lists the run's denials with the deciding rule, nothing of another run"
assert_err_match "refusals? in this run"
assert_err_match "create $HOME/outside: default; by bash"
assert_err_match "delete $HOME/victim: default; by rm"
assert_err_match "read $WS/.env: explicit rule 'no-env' at $RULES:$RULE_LINE; by cat"
assert_err_match "write $WS/.env: explicit rule 'no-env' at $RULES:$RULE_LINE; by python3"
grep -q 'another-run\|launchservicesd\|not JSON' "$ERR" && fail "something not of this run is listed"
end_test

begin_test "--report and --status-fd carry the same records"
REPORT=$T/report.ndjson
fsj --backend seatbelt --report "$REPORT" --status-fd 3 -- sh -c 'echo ran' 3>"$T/status"
assert_rc 0
if ! python3 - "$REPORT" "$T/status" "$HOME" "$WS" >"$T/check" 2>&1 <<'PY'
import json, sys
rep = [json.loads(l) for l in open(sys.argv[1])]
st = [json.loads(l) for l in open(sys.argv[2])]
home, ws = sys.argv[3], sys.argv[4]
paths = sorted((r["capability"], r["path"]) for r in rep)
want = sorted([("create", home + "/outside"), ("create", home + "/outside"),
               ("delete", home + "/victim"), ("read", ws + "/.env"), ("write", ws + "/.env")])
assert paths == want, paths
assert all(r["schema"] == "fsjail-refusal/1" for r in rep), rep
refused = [s for s in st if "refused" in (s.get("type"), s.get("event"), s.get("record"))]
assert len(refused) == 5, st
PY
then
	fail "the records differ"
	diag_file check "$T/check"
	diag_file status "$T/status"
fi
end_test

begin_test "without a log program (not macOS, no FSJAIL_LOG_COMMAND) nothing is collected, nothing said"
FSJAIL_LOG_COMMAND='' fsj --backend seatbelt -- sh -c 'echo ran'
assert_rc 0
grep -q 'refusal\|warning' "$ERR" && fail "stderr: $(cat "$ERR")"
end_test

done_testing
