#!/bin/bash
# A harness reads every refusal of a run from --status-fd and --report
# (fsjail-json(7)). A refusal `fsjail run --ask` decided before the command
# ran (the policy refuses one of its effects: nothing is run, status 4)
# was only a line on stderr: the stream held "exited" with refusals 0, the
# report was empty, the audit log had no refusal line. It is now a
# "refused" record of phase "before", counted, in the report and the
# audit log; a refusal during the run says phase "run".
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
echo secret >"$WS/.env"
write_rules <<EOF2
rules:
  - id: no-env
    path: $WS/.env
    deny: [read, write]
EOF2
AUDIT=$STATE_DIR/audit.ndjson

begin_test "run --ask-fd refuses before the run: a refused record, phase before, counted"
rm -f "$T/R" "$T/st" "$AUDIT"
fsj --status-fd 3 --report "$T/R" --ask-fd 4 --answer-fd 5 -c 'cat .env' \
	3>"$T/st" 4>"$T/ask" 5</dev/null
assert_rc 4
[ ! -s "$OUT" ] || fail "the command ran: $(head -c 200 "$OUT")"
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
r = [l for l in ls if l.get("type") == "refused"]
e = ls[-1]
print(len(r), r and (r[0]["capability"], r[0]["path"], r[0]["level"], r[0]["rule_id"],
      r[0]["phase"], r[0]["errno"]), e["type"], e["refusals"], e["command_started"])' \
	"$T/st" "$WS/.env" 2>&1)
[ "$got" = "1 ('read', '$WS/.env', 'explicit', 'no-env', 'before', 'EACCES') exited 1 False" ] ||
	{ fail "status stream: $got"; diag_file "status" "$T/st"; }
end_test

begin_test "the same refusal is in --report (fsjail-refusal/1) and the audit log"
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
print(len(ls), ls and (ls[0]["schema"], ls[0]["capability"], ls[0]["path"], ls[0]["phase"]))' \
	"$T/R" 2>&1)
[ "$got" = "1 ('fsjail-refusal/1', 'read', '$WS/.env', 'before')" ] ||
	{ fail "report: $got"; diag_file "report" "$T/R"; }
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
print([(l["capability"], l["path"], l["decision"], l["rule"]) for l in ls if l["call"] == "refusal"])' \
	"$AUDIT" 2>&1)
[ "$got" = "[('read', '$WS/.env', 'deny', 'no-env')]" ] ||
	{ fail "audit log: $got"; diag_file "audit" "$AUDIT"; }
end_test

begin_test "said once on stderr: the refusal line, no summary repeating it"
[ "$(grep -c 'fsjail: refused: read' "$ERR")" = 1 ] || fail "refused lines"
! grep -q 'refusal in this run' "$ERR" || fail "a summary repeats it"
end_test

begin_test "a refusal during the run says phase run"
rm -f "$T/R"
fsj --report "$T/R" -- sh -c 'echo x >.env'
assert_rc_not 0
assert_content "$WS/.env" secret
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1]) if "fsjail-refusal/1" in l]
print(sorted({(l["path"], l["phase"]) for l in ls}))' "$T/R" 2>&1)
[ "$got" = "[('$WS/.env', 'run')]" ] || { fail "report: $got"; diag_file "report" "$T/R"; }
end_test

done_testing
