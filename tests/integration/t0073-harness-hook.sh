#!/bin/bash
# The Claude Code PreToolUse hook of examples/harness (issue 16 item 4):
# fed the hook inputs of tests/data/harness (Claude Code's documented
# PreToolUse input), it answers allow (Bash rewritten to run under
# `fsjail run`, which then works end to end), ask (what is not granted
# named), deny (the protected rule and its FILE:LINE named), nothing for
# other tools, and deny when fsjail cannot decide.
. "$(dirname "$0")/libtest.sh"

plan 6
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

begin_test "Bash needing a grant: ask, naming the path"
hook bash-prompt
decision ask "write $HOME/notes.txt"
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

done_testing
