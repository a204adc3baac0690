#!/bin/bash
# Which words of a hook's command workspace-autorun takes for a script
# that does not exist yet (t0471): the script a known interpreter runs,
# with no '/' in it too (bash hook.sh, python3 -W ignore -u tool.py, uv
# run --with requests lint.py, an MCP server's "node" with "args":
# ["server.js", ...], /usr/bin/env node envsrv.js), the word after a
# program word fsjail cannot read
# ("$PY" fallback.py: fail closed), the "command" a JSON file gives twice;
# the refusal and explain name the rule and the hook. Not a path: echo,
# -c, true, fmt, --check, an option's argument (ignore, requests), a
# script's own arguments (arg1, 3000), a URL: each stays creatable in the
# workspace. explain --json carries the note the text prints where the
# rule is not in force ("not_in_force", null where it is). As root and
# again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0472_USER 4
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/.windsurf"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "bash -c 'echo hi; true' && fmt --check && bash hook.sh"},
 {"type": "command", "command": "python3 -W ignore -u tool.py arg1; uv run --with requests lint.py"},
 {"type": "command", "command": "\"$PY\" fallback.py; /usr/bin/env node envsrv.js"}]}]}}
JSON
cat >"$WS/.mcp.json" <<'JSON'
{"mcpServers": {"local": {"command": "node", "args": ["server.js", "--port", "3000"]},
 "remote": {"command": "npx", "args": ["-y", "mcp-remote", "https://example.com/mcp"]}}}
JSON
echo '{"hooks": {"post_write_code": [{"command": "echo", "command": "scripts/dup.sh"}]}}' \
	>"$WS/.windsurf/hooks.json"
NAMED='hook.sh tool.py lint.py fallback.py envsrv.js server.js scripts/dup.sh'
WORDS='echo hi true fmt ./-c ./--check ignore arg1 requests 3000 mcp-remote'

begin_test "the scripts the interpreters run, not there yet, cannot be made"
fsj -- bash -c 'mkdir -p scripts
for f in $1; do echo evil >"$f" 2>/dev/null && echo "MADE $f"; done; true' bash "$NAMED"
assert_rc 0
assert_out_nomatch MADE
for f in $NAMED; do assert_not_exists "$WS/$f"; done
fsj -- sh -c 'echo evil >hook.sh'
assert_failed
assert_err_match "create $WS/hook\\.sh: protected rule 'workspace-autorun'"
assert_err_match "^    why: Claude Code runs it: the entry \"Stop\" of $WS/\\.claude/settings\\.json names it"
end_test

begin_test "echo, -c, true, an option's argument, a script's arguments, a URL stay creatable"
fsj -- bash -c 'for f in $1; do echo ok >"$f" || echo "REFUSED $f"; done
mkdir -p https:/example.com && echo ok >https:/example.com/mcp || echo "REFUSED url"' bash "$WORDS"
assert_rc 0
assert_out_nomatch REFUSED
for f in $WORDS https:/example.com/mcp; do assert_content "$WS/$f" ok; done
end_test

begin_test "explain names the rule and the hook for a script not there yet, nothing for echo"
rm -f "$WS/echo"; for f in $NAMED; do rm -f "$WS/$f"; done
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/server.js"
assert_rc 0
assert_out_match "^  create +deny +protected +protected 'workspace-autorun' $WS/server\\.js \\(this path only\\)"
assert_out_match "^  why: Claude Code runs it: the entry \"local\" of $WS/\\.mcp\\.json names it"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/echo"
assert_rc 0
assert_out_nomatch 'workspace-autorun'
end_test

begin_test "explain --json: not_in_force holds explain's note without mount masks, null with them"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --json --workspace "$WS" "$WS/hook.sh" "$WS/echo"
assert_rc 0
python3 - "$OUT" <<'PY' || fail "not_in_force is wrong without masks"
import json, sys
p = json.load(open(sys.argv[1]))["paths"]
assert "workspace-autorun" in p[0]["not_in_force"] and "is not in force on this machine: mount masks" in p[0]["not_in_force"], p[0]
assert p[1]["not_in_force"] is None, p[1]
PY
run_cmd "$FSJAIL" explain --json --workspace "$WS" "$WS/hook.sh"
assert_rc 0
python3 - "$OUT" <<'PY' || fail "not_in_force is not null where the rule is in force"
import json, sys
p = json.load(open(sys.argv[1]))["paths"][0]
assert "not_in_force" in p and p["not_in_force"] is None, p
assert p["capabilities"]["create"]["rule"]["id"] == "workspace-autorun", p
PY
end_test

end_user_pass
done_testing
