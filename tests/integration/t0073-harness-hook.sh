#!/bin/bash
# The Claude Code PreToolUse hook of examples/harness (issue 16 item 4):
# fed the hook inputs of tests/data/harness (Claude Code's documented
# PreToolUse input), it answers allow (Bash rewritten to run under
# `fsjail run`, which then works end to end), ask (what is not granted
# named), deny (the protected rule and its FILE:LINE named), nothing for
# other tools, and deny when fsjail cannot decide; and its Codex-style
# wrapper, fsjail-exec.py, run end to end: output and status pass
# through, refusals and fsjail's own failure come back as JSON.
. "$(dirname "$0")/libtest.sh"

plan 8
setup
require_landlock
startup_files
command -v python3 >/dev/null || bail_out "python3 is needed"
HOOK=$TEST_SRCDIR/../examples/harness/claude-pretooluse.py
FIX=$TEST_SRCDIR/data/harness
echo "readme" >"$WS/README"
echo "a" >"$HOME/notes.txt"

# hook FIXTURE: run the hook on the fixture (placeholders filled in);
# its output in $OUT.
hook()
{
	sed -e "s|@WS@|$WS|g" -e "s|@HOME@|$HOME|g" "$FIX/$1.json" |
		FSJAIL=$FSJAIL python3 "$HOOK" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="claude-pretooluse.py < $1.json"
}

# decision WANT [REASON-ERE]: the hook's answer is WANT, its reason matches.
decision()
{
	python3 - "$OUT" "$1" "${2:-}" <<'PY' || { fail "hook output: $(cat "$OUT") $(cat "$ERR")"; return 1; }
import json, re, sys
o = json.load(open(sys.argv[1]))["hookSpecificOutput"]
assert o["hookEventName"] == "PreToolUse", o
assert o["permissionDecision"] == sys.argv[2], o
assert re.search(sys.argv[3], o["permissionDecisionReason"]), o
PY
}

begin_test "Bash allowed: allow, rewritten to fsjail run, which runs it"
hook bash-allow
assert_rc 0
decision allow 'fsjail run'
cmdline=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hookSpecificOutput"]["updatedInput"]["command"])' "$OUT")
case $cmdline in
"$FSJAIL run -c "*) ;;
*) fail "not rewritten to fsjail run: $cmdline" ;;
esac
run_cmd bash -c "$cmdline"
assert_rc 0
assert_content "$WS/build.log" done
end_test

begin_test "Bash needing a grant: ask, naming the path; approved, it runs under fsjail with only that granted"
hook bash-prompt
decision ask "write $HOME/notes.txt"
cmdline=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hookSpecificOutput"]["updatedInput"]["command"])' "$OUT")
case $cmdline in
"$FSJAIL run --grant "*"$HOME/notes.txt"*" -c "*) ;;
*) fail "an approved ask would run unconfined: $cmdline" ;;
esac
echo old >"$HOME/notes.txt"
echo secret >"$HOME/other.txt"
run_cmd bash -c "$cmdline"
assert_rc 0
assert_content "$HOME/notes.txt" "old
note"
# the grant is that path only: the rest of ~ stays shut
run_cmd bash -c "${cmdline% -c *} -c 'cat ~/other.txt'"
assert_rc_not 0
end_test

begin_test "Bash on a protected path: deny with the rule and its FILE:LINE"
hook bash-refuse
decision deny "protected rule .* at .*baseline-linux\\.yaml:[0-9]+"
end_test

begin_test "Read in the workspace: allow; Write to ~/.bashrc: deny; Edit outside: ask"
hook read-allowed
decision allow "read $WS/README"
hook write-protected
decision deny "write $HOME/.bashrc: protected rule"
hook edit-ask
decision ask "no rule grants write $HOME/notes.txt"
end_test

begin_test "another tool: no answer"
hook other-tool
assert_rc 0
[ -s "$OUT" ] && fail "answered a WebFetch: $(cat "$OUT")"
end_test

begin_test "fsjail cannot decide (a broken rules file): deny, fail closed"
echo 'rules: [ nope' >"$T/bad.yaml"
sed -e "s|@WS@|$WS|g" -e "s|@HOME@|$HOME|g" "$FIX/bash-allow.json" |
	FSJAIL=$FSJAIL FSJAIL_HOOK_ARGS="--rules $T/bad.yaml" python3 "$HOOK" >"$OUT" 2>"$ERR"
decision deny 'fsjail check failed'
end_test

# --- the Codex-style wrapper, end to end ---------------------------------
WRAP=$TEST_SRCDIR/../examples/harness/fsjail-exec.py
write_rules <<EOF2
rules:
  - id: no-env
    path: "$WS/.env"
    deny: [read, write, create, delete]
EOF2

begin_test "wrapper: the command's output and status pass through; refusals come as data"
(cd "$WS" && FSJAIL=$FSJAIL python3 "$WRAP" --result "$T/result" -- \
	sh -c 'echo hello; touch .env; exit 7') >"$OUT" 2>"$ERR"
RC=$?
assert_rc 7
assert_out_match '^hello$'
assert_not_exists "$WS/.env"
python3 - "$T/result" "$WS" <<'PY' || fail "result: $(cat "$T/result")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["exit_code"] == 7 and r["signal"] is None and r["fsjail_error"] is None, r
assert any(x["path"] == sys.argv[2] + "/.env" and "rules.yaml:" in x["rule"] for x in r["refused"]), r
PY
end_test

begin_test "wrapper: --grant lets a re-run write outside; fsjail's own failure is said"
mkdir -p "$T/outside"
(cd "$WS" && FSJAIL=$FSJAIL python3 "$WRAP" --result "$T/result" --grant "write,create:$T/outside" -- \
	sh -c 'echo ok > "$1"' sh "$T/outside/f") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
assert_content "$T/outside/f" ok
(cd "$WS" && FSJAIL=$FSJAIL python3 "$WRAP" --result "$T/result" --rules "$T/none.yaml" -- true) \
	>"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
python3 - "$T/result" <<'PY' || fail "result: $(cat "$T/result")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["exit_code"] is None and "does not exist" in r["fsjail_error"], r
PY
end_test

done_testing
