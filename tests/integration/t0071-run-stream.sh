#!/bin/bash
# A run's result as data (issue 16 items 1 and 3; fsjail-json(7)):
# - the status stream of --status-fd (schema fsjail-run/1): started,
#   refused, exited, and backup/trash records only with --status-detail,
#   for a run with refusals, a death by signal, a command exiting 143
#   itself, and fsjail's own failures (a rules file it cannot read, an
#   enforce tier the kernel cannot give);
# - --ask-fd/--answer-fd driven by a harness script: the request is one
#   JSON object on its own descriptor; deny, once and always answered
#   there; an unknown answer is deny.
. "$(dirname "$0")/libtest.sh"

plan 9
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"
HARNESS=$TEST_SRCDIR/helpers/ask-harness.py
ST=$T/status

# check_stream FILE PY: every line of FILE is a fsjail-run/1 record with
# the members of its type (fsjail-json(7)); then PY runs with recs (the
# records) and types (their types).
check_stream()
{
	python3 - "$1" "$2" "$WS" <<'PY' || { fail "status stream: $(cat "$1")"; return 1; }
import json, sys
want = {
    "started": {"session", "cycle", "tier", "workspace", "pid"},
    "refused": {"capability", "path", "errno"},
    "backup": {"path", "saved_as"},
    "trash": {"path", "trashed_as"},
    "exited": {"status", "signal", "fsjail_failed", "fsjail_error", "command_started",
               "refusals", "dropped"},
}
recs = []
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    assert isinstance(r, dict) and r.get("schema") == "fsjail-run/1", r
    assert r["type"] in want, r
    assert want[r["type"]] <= set(r), (r["type"], sorted(want[r["type"]] - set(r)))
    recs.append(r)
types = [r["type"] for r in recs]
assert types and types[-1] == "exited" and types.count("exited") == 1, types
WS = sys.argv[3]
exec(sys.argv[2])
PY
}

begin_test "a run with refusals: started, one refused record per refusal, exited with the count"
write_rules <<EOF2
rules:
  - path: "$WS/.env"
    deny: [read, write, create, delete]
EOF2
fsj --status-fd 3 -- sh -c 'touch .env; echo x > .env; exit 3' 3>"$ST"
assert_rc 3
check_stream "$ST" '
assert types[0] == "started", types
s, e = recs[0], recs[-1]
assert s["workspace"] == WS and s["tier"] and isinstance(s["pid"], int) and s["session"], s
ref = [r for r in recs if r["type"] == "refused"]
assert ref and all(r["path"] == WS + "/.env" for r in ref), ref
assert e["status"] == 3 and e["signal"] is None and e["fsjail_failed"] is False, e
assert e["fsjail_error"] is None and e["command_started"] is True, e
assert e["refusals"] == len(ref), (e, len(ref))
assert "backup" not in types and "trash" not in types, types
'
assert_not_exists "$WS/.env"
clear_rules
end_test

begin_test "a command killed by SIGTERM: exited with status 143 and signal 15"
fsj --status-fd 3 -- sh -c 'kill -TERM $$' 3>"$ST"
assert_rc 143
check_stream "$ST" '
e = recs[-1]
assert e["status"] == 143 and e["signal"] == 15 and e["fsjail_failed"] is False, e
'
end_test

begin_test "a command that exits 143 itself: signal null"
fsj --status-fd 3 -- sh -c 'exit 143' 3>"$ST"
assert_rc 143
check_stream "$ST" 'assert recs[-1]["signal"] is None and recs[-1]["status"] == 143, recs[-1]'
end_test

begin_test "fsjail cannot read the rules file: only exited, with fsjail_error"
mkdir -p "$T/rules-dir"
fsj --rules "$T/rules-dir" --status-fd 3 -- touch "$WS/ran" 3>"$ST"
assert_rc 125
assert_not_exists "$WS/ran"
check_stream "$ST" '
assert types == ["exited"], types
e = recs[0]
assert e["fsjail_failed"] is True and e["command_started"] is False and e["status"] == 125, e
assert "rules-dir" in e["fsjail_error"], e
'
end_test

begin_test "the enforce tier is not available: exited with fsjail_error saying so"
FSJAIL_LANDLOCK_ABI_MAX=1 fsj --enforce full --status-fd 3 -- touch "$WS/ran" 3>"$ST"
assert_rc 125
assert_not_exists "$WS/ran"
check_stream "$ST" '
e = recs[0]
assert types == ["exited"] and e["fsjail_failed"] is True, recs
assert "only in part" in e["fsjail_error"] or "refusing to run" in e["fsjail_error"], e
'
end_test

begin_test "--status-detail: a backup record for a changed file, a trash record for a removed one"
echo old >"$WS/f"
echo gone >"$WS/g"
fsj --status-fd 3 --status-detail -- sh -c 'echo new > f; rm g' 3>"$ST"
assert_rc 0
check_stream "$ST" '
b = [r for r in recs if r["type"] == "backup"]
t = [r for r in recs if r["type"] == "trash"]
assert any(r["path"] == WS + "/f" for r in b), recs
assert any(r["path"] == WS + "/g" and r["trashed_as"] for r in t), recs
assert recs[0]["cycle"] and recs[0]["cycle"] in b[0]["saved_as"], recs
'
run_cmd "$FSJAIL" run --workspace "$WS" --status-detail -- true
assert_rc 125
assert_err_match '^fsjail: run: --status-detail needs'
end_test

# --- --ask-fd / --answer-fd -------------------------------------------------
NOTES=$HOME/notes.txt
# harness ANSWER ARGS...: fsjail run --ask-fd 3 --answer-fd 4 ARGS under
# the harness script; the request in $T/req.
harness()
{
	local answer=$1
	shift
	python3 "$HARNESS" "$answer" "$T/req" -- "$FSJAIL" run --workspace "$WS" \
		--ask-fd 3 --answer-fd 4 "$@" >"$OUT" 2>"$ERR" </dev/null
	RC=$?
	LAST_CMD="(harness answers $answer) fsjail run --ask-fd 3 --answer-fd 4 $(printf '%q ' "$@")"
}

begin_test "--ask-fd: the request is one JSON object on its own descriptor, not on stderr"
echo original >"$NOTES"
printf 'rules: []\n' >"$RULES"
snapshot "$RULES"
harness deny -- sh -c "echo changed > $NOTES"
assert_rc 4
assert_content "$NOTES" original
python3 - "$T/req" "$NOTES" <<'PY' || fail "request: $(cat "$T/req")"
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["overall"] == "prompt" and r["answers"][:3] == ["deny", "once", "always"], r
assert {"path": sys.argv[2], "capability": "write", "folder_only": False} in r["missing"], r
PY
grep -q '{' "$ERR" && fail "JSON on stderr: $(cat "$ERR")"
grep -q '"source":"harness"' "$STATE_DIR/audit.ndjson" || fail "the answer is not logged as source harness"
end_test

begin_test "--answer-fd once runs the command with a session grant; rules untouched"
harness once -- sh -c "echo once > $NOTES"
assert_rc 0
assert_content "$NOTES" once
assert_unchanged "$RULES"
harness always -- sh -c "echo always > $NOTES"
assert_rc 0
assert_content "$NOTES" always
grep -q "$NOTES" "$RULES" || fail "always did not write the rule"
clear_rules
end_test

begin_test "--answer-fd: an answer that is not a word is deny, nothing runs"
echo original >"$NOTES"
printf 'rules: []\n' >"$RULES"
harness "allow" -- sh -c "echo changed > $NOTES"
assert_rc 4
assert_content "$NOTES" original
assert_err_match "is not an answer"
harness "" -- sh -c "echo changed > $NOTES"
assert_rc 4
assert_content "$NOTES" original
clear_rules
end_test

done_testing
