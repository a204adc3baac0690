#!/bin/bash
# The audit log says why, as the refusal summary does (user17): a refusal
# at a protected path with a baseline note had its "why:" line in the
# run's summary (t0400), but `fsjail log`, the audit log's JSON and the
# example harness (examples/harness/fsjail-exec.py) named only the file
# and line, so a user or a harness reading the log afterwards never saw
# why the path is kept. Now
# - the refusal's audit line ends its detail with "; why: NOTE";
# - `fsjail log` shows it, and --json has it in "detail";
# - the harness's "refused" entries carry "why" (the note, or null), and
#   the Claude Code hook's deny reason ends with "(why: NOTE)";
# and a refusal whose deciding entry has no note gets none.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

WHY="Debian's and Ubuntu's .bashrc source it"
WRAP=$TEST_SRCDIR/../examples/harness/fsjail-exec.py

begin_test "fsjail log shows the note of the entry that refused"
fsj -- sh -c 'echo x >>~/.bash_aliases; echo y >"$1"' sh "$T/outside"
assert_failed
assert_not_exists "$HOME/.bash_aliases"
assert_err_match "^    why: $WHY\$"
run_cmd "$FSJAIL" log --tail 5
assert_rc 0
assert_out_match "deny create $HOME/\.bash_aliases \(protected\): policy; openat; EACCES; [^ ]*baseline-linux\.yaml:[0-9]+; why: $WHY  \\[command: sh\\]\$"
end_test

begin_test "a refusal whose rule has no note gets no why in the log"
assert_out_match "deny create $T/outside \(policy\): policy; [a-z]+; EACCES  \\[command: sh\\]\$"
end_test

begin_test "fsjail log --json has the note in the refusal's detail"
run_cmd "$FSJAIL" log --json --tail 5
assert_rc 0
python3 - "$OUT" "$HOME/.bash_aliases" "$WHY" <<'PY' || { fail "no why in the JSON"; diag_last; }
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
r = [o for o in lines if o.get("call") == "refusal" and o.get("path") == sys.argv[2]]
assert len(r) == 1 and r[0]["detail"].endswith("; why: " + sys.argv[3]), r
PY
end_test

begin_test "the example harness's refused entries carry why"
(cd "$WS" && FSJAIL=$FSJAIL python3 "$WRAP" --result "$T/result" -- \
	sh -c 'echo x >>~/.bash_aliases; echo y >"$1"' sh "$T/outside") >"$OUT" 2>"$ERR"
RC=$?
assert_failed
python3 - "$T/result" "$HOME/.bash_aliases" "$T/outside" "$WHY" <<'PY' ||
import json, sys
r = {x["path"]: x for x in json.load(open(sys.argv[1]))["refused"]}
assert r[sys.argv[2]]["why"] == sys.argv[4], r
assert r[sys.argv[3]]["why"] is None, r
PY
	{ fail "result: $(cat "$T/result")"; diag_last; }
end_test

begin_test "the example hook's deny reason says why, for Bash and for Write"
HOOK=$TEST_SRCDIR/../examples/harness/claude-pretooluse.py
for input in '"Bash","tool_input":{"command":"echo x >> ~/.bash_aliases"}' \
	"\"Write\",\"tool_input\":{\"file_path\":\"$HOME/.bash_aliases\"}"; do
	printf '{"tool_name":%s,"cwd":"%s"}' "$input" "$WS" |
		FSJAIL=$FSJAIL python3 "$HOOK" >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	assert_out_match "\"permissionDecision\": \"deny\", \"permissionDecisionReason\": \"fsjail refuses:? create $HOME/\.bash_aliases: protected rule $HOME/\.bash_aliases at [^ ]*baseline-linux\.yaml:[0-9]+ \(why: $WHY\)\""
done
end_test
