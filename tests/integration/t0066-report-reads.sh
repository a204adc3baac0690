#!/bin/bash
# Reads and executes are reported when asked (issue 12 item 4; fsjail(1)
# REFUSALS, fsjail.yaml(5) report; src/notify-trace.c):
# - `run --report FILE` and config `report: reads` make the summary and the
#   report name a read (cat of a denied file) and an execute (a denied
#   program) that Landlock refused, with the rule's file:line;
# - without either, the listener traps no read-only open (its counters,
#   FSJAIL_DEBUG_NOTIFY_STATS=1, stay the same for 1 and 40 opens) and the
#   summary names no read;
# - the report's lines are JSON with "schema": "fsjail-refusal/1";
# - the command's stdout is byte-identical with and without the tracing,
#   and the kernel's answer is the same (the tracing decides nothing).
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock; export FSJAIL_NO_MOUNT_MASKS=1 # Landlock refuses: a mask reads empty
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON lines"

echo "top secret" >"$WS/secret"
cp /bin/true "$WS/tool"
for i in $(seq 1 40); do echo "$i" >"$WS/open-$i"; done
write_rules <<EOF
rules:
  - id: no-secret
    path: $WS/secret
    recursive: false
    deny: [read]
  - id: no-tool
    path: $WS/tool
    recursive: false
    deny: [execute]
EOF
READ_LINE=$(grep -n 'id: no-secret' "$RULES" | cut -d: -f1)
EXEC_LINE=$(grep -n 'id: no-tool' "$RULES" | cut -d: -f1)
REPORT=$T/report.ndjson

# report_has FILE CAP PATH: a line of FILE (all JSON, schema
# fsjail-refusal/1) refuses CAP on PATH.
report_has()
{
	python3 - "$@" <<'EOF'
import json, sys
found = False
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    assert o.get("schema") == "fsjail-refusal/1", line
    if o.get("capability") == sys.argv[2] and o.get("path") == sys.argv[3]:
        found = True
sys.exit(0 if found else 1)
EOF
}

begin_test "--report: cat of a denied file is refused, and the summary and the report name the read"
fsj --report "$REPORT" -- cat secret
assert_rc_not 0
assert_out_nomatch "top secret"
assert_err_match "Permission denied"
assert_err_match "read $WS/secret: explicit rule 'no-secret' at $RULES:$READ_LINE; by cat"
report_has "$REPORT" read "$WS/secret" || fail "the report has no read of $WS/secret: $(cat "$REPORT")"
end_test

begin_test "--report: a denied program is refused, and the summary names the execute"
fsj --report "$REPORT" -- sh -c './tool; echo "rc=$?"'
assert_out_match '^rc=126$'
assert_err_match "execute $WS/tool: explicit rule 'no-tool' at $RULES:$EXEC_LINE; by (sh|/[^ ]*sh \\(comm sh\\))"
report_has "$REPORT" execute "$WS/tool" || fail "the report has no execute of $WS/tool: $(cat "$REPORT")"
end_test

begin_test "config 'report: reads': the summary names the refused read without --report"
write_config <<EOF
report: reads
EOF
fsj -- cat secret
assert_rc_not 0
assert_err_match "read $WS/secret: explicit rule 'no-secret' at $RULES:$READ_LINE; by cat"
rm -f "$CONFIG"
end_test

begin_test "without either, nothing new: no read in the summary, and 1 or 40 read-only opens reach the listener alike"
fsj -- cat secret
assert_rc_not 0
assert_err_match "Permission denied"
grep -q "read $WS/secret" "$ERR" && fail "a read is reported without being asked for"
FSJAIL_DEBUG_NOTIFY_STATS=1 fsj -- sh -c 'cat open-1 >/dev/null'
few=$(sed -n 's/^fsjail: debug: hook received \([0-9]*\),.*/\1/p' "$ERR")
FSJAIL_DEBUG_NOTIFY_STATS=1 fsj -- cat $(cd "$WS" && echo open-*) # no glob: $WS is expanded
many=$(sed -n 's/^fsjail: debug: hook received \([0-9]*\),.*/\1/p' "$ERR")
FSJAIL_DEBUG_NOTIFY_STATS=1 fsj --report "$REPORT" -- cat $(cd "$WS" && echo open-*)
traced=$(sed -n 's/^fsjail: debug: hook received \([0-9]*\), continued \([0-9]*\),.*/\2/p' "$ERR")
if [ -z "$few" ] || [ -z "$many" ] || [ -z "$traced" ]; then
	fail "no listener counters on stderr (FSJAIL_DEBUG_NOTIFY_STATS=1): $(cat "$ERR")"
else
	[ "$many" -le "$few" ] || fail "40 read-only opens reached the listener: $few then $many calls"
	[ "$traced" -ge 40 ] || fail "with --report only $traced calls were traced for 40 opens"
fi
end_test

begin_test "--report lines all validate: JSON objects with schema fsjail-refusal/1"
fsj --report "$REPORT" -- sh -c 'cat secret; ./tool; touch /etc/nope; true'
python3 - "$REPORT" <<'EOF' || fail "the report does not validate: $(cat "$REPORT")"
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
assert len(lines) >= 2, lines
for line in lines:
    o = json.loads(line)
    assert isinstance(o, dict) and o["schema"] == "fsjail-refusal/1", o
    for key in ("time", "session", "pid", "command", "syscall", "capability", "path",
                "reason", "errno"):
        assert key in o, (key, o)
EOF
end_test

begin_test "the command's stdout and answers are byte-identical with and without tracing, which reports"
script='printf "a\0b\n"; cat secret 2>/dev/null; echo "cat=$?"; ./tool; echo "tool=$?"; cat open-1 open-2; printf tail'
fsj -- sh -c "$script"
cp "$OUT" "$T/out.plain"
fsj --report "$REPORT" -- sh -c "$script"
cmp -s "$OUT" "$T/out.plain" || fail "stdout differs with --report: $(od -c "$OUT" | head -5)"
grep -q '^cat=1$' "$T/out.plain" || fail "cat of the denied file did not fail: $(cat "$T/out.plain")"
report_has "$REPORT" read "$WS/secret" || fail "the traced run reported no read: $(cat "$REPORT")"
end_test

done_testing
