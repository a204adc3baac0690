#!/bin/bash
# The Claude Code hook of examples/harness fed what the model chose
# (att23). A hook input it did not foresee (a lone surrogate or a NUL in
# the command or the path, a value of another type) made it die with a
# traceback, exit status 1, and no answer: Claude Code takes that as a
# non-blocking error and runs the tool call as it is, outside fsjail. It
# now answers "deny", exit status 0, for every failure (hook_answer.py).
# And its reason, shown to the person in Claude Code's dialog, carried
# the path's bytes as they were: ESC, CR, LF and the bidirectional
# controls (U+202E, U+061C) could rewrite what the person reads before
# answering; they are escaped now as fsjail escapes what it prints.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
startup_files
command -v python3 >/dev/null || bail_out "python3 is needed"
HOOK=$TEST_SRCDIR/../examples/harness/claude-pretooluse.py
mkdir -p "$HOME/docs"

# hook_on PYEXPR: run the hook on the JSON of the Python value PYEXPR
# (ws, home: the workspace and home; evil: a name of hostile characters).
hook_on()
{
	python3 - "$WS" "$HOME" "$1" >"$T/in.json" <<'PY'
import json, sys
ws, home = sys.argv[1], sys.argv[2]
evil = "x\x1b]0;pwned\x07\r\nfsjail: granted\u202eZ\u061c\u009b"
print(json.dumps(eval(sys.argv[3])))
PY
	FSJAIL=$FSJAIL python3 "$HOOK" <"$T/in.json" >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="claude-pretooluse.py < $(cat "$T/in.json")"
}

# answered WANT: exit status 0 and one answer WANT, its reason free of
# control, C1 and bidirectional characters.
answered()
{
	assert_rc 0
	python3 - "$OUT" "$1" <<'PY' || fail "hook output: $(cat "$OUT") $(head -c 600 "$ERR")"
import json, sys
o = json.load(open(sys.argv[1]))["hookSpecificOutput"]
assert o["permissionDecision"] == sys.argv[2], o
bad = [c for c in o["permissionDecisionReason"] if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f
       or ord(c) in (0x061c, 0x200e, 0x200f) or 0x202a <= ord(c) <= 0x202e
       or 0x2066 <= ord(c) <= 0x2069 or 0xd800 <= ord(c) <= 0xdfff]
assert not bad, "raw %r in the reason %r" % (bad, o["permissionDecisionReason"])
PY
}

begin_test "inputs it did not foresee: deny, exit status 0 (not a traceback that lets the call through)"
hook_on '{"tool_name": "Bash", "cwd": ws, "tool_input": {"command": "echo pwned >~/.bashrc # \ud800"}}'
answered deny
hook_on '{"tool_name": "Bash", "cwd": ws, "tool_input": {"command": "echo pwned >~/.bashrc # \0"}}'
answered deny
hook_on '{"tool_name": "Write", "cwd": ws, "tool_input": {"file_path": home + "/.bashrc\0"}}'
answered deny
hook_on '{"tool_name": "Edit", "cwd": ws, "tool_input": {"file_path": [home + "/.bashrc"]}}'
answered deny
hook_on '[{"tool_name": "Bash"}]'
answered deny
end_test

begin_test "a path of control and bidirectional characters: escaped in every reason"
hook_on '{"tool_name": "Bash", "cwd": ws, "tool_input": {"command": "echo hi >\"%s/docs/%s\"" % (home, evil)}}'
answered ask
grep -qF 'x\\x1b]0;pwned\\x07\\x0d\\x0afsjail: granted\\xe2\\x80\\xaeZ\\xd8\\x9c\\xc2\\x9b' "$OUT" ||
	fail "the path is not shown escaped: $(cat "$OUT")"
hook_on '{"tool_name": "Bash", "cwd": ws, "tool_input": {"command": "echo hi >\"/etc/%s\"" % evil}}'
answered deny
hook_on '{"tool_name": "Write", "cwd": ws, "tool_input": {"file_path": "/etc/" + evil}}'
answered deny
hook_on '{"tool_name": "Write", "cwd": ws, "tool_input": {"file_path": home + "/docs/" + evil}}'
answered ask
hook_on '{"tool_name": "Read", "cwd": ws, "tool_input": {"file_path": ws + "/" + evil}}'
answered allow
end_test

begin_test "the escaped reason still names the path (a backslash doubled)"
hook_on '{"tool_name": "Write", "cwd": ws, "tool_input": {"file_path": home + "/docs/a\\b"}}'
answered ask
reason=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["hookSpecificOutput"]["permissionDecisionReason"])' "$OUT")
[ "$reason" = "fsjail: no rule grants create $HOME/docs/a\\\\b" ] || fail "reason: $reason"
end_test

begin_test "copied without hook_answer.py: every call denied, not let through"
mkdir "$T/alone"
cp "$HOOK" "$T/alone/"
HOOK=$T/alone/claude-pretooluse.py
hook_on '{"tool_name": "Bash", "cwd": ws, "tool_input": {"command": "true"}}'
answered deny
grep -q hook_answer "$OUT" || fail "the deny does not say what is missing: $(cat "$OUT")"
end_test

done_testing
