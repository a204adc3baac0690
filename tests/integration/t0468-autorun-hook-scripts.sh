#!/bin/bash
# The workspace's .claude/settings.json is protected (t0431), but the
# scripts its hooks name were not: with "command":
# "$CLAUDE_PROJECT_DIR/scripts/fmt.sh" a command in `fsjail run` could
# rewrite scripts/fmt.sh, which the next agent session runs on the host
# outside any sandbox. Each file a hook (or MCP server) of the protected
# JSON files names inside the workspace is now protected from the start
# of the run by the rule workspace-autorun: by $CLAUDE_PROJECT_DIR or
# ${CLAUDE_PROJECT_DIR}, quoted or not, by a relative path, as an
# interpreter's argument, inside bash -c '...'; Cursor's, Gemini CLI's and Windsurf's hooks and
# an MCP server's args alike. None can be written, renamed over, linked
# over, removed or edited with sed -i; a file no hook names stays
# writable; the summary names the rule and the hook.
# protect: {autorun: false} turns it off. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0468_USER 4
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/.cursor" "$WS/.gemini" "$WS/.windsurf" "$WS/scripts" "$WS/tools"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {
 "PostToolUse": [{"matcher": "Edit|Write", "hooks": [
   {"type": "command", "command": "\"$CLAUDE_PROJECT_DIR\"/scripts/fmt.sh --check"}]}],
 "Stop": [{"hooks": [
   {"type": "command", "command": "bash scripts/stop.sh && ${CLAUDE_PROJECT_DIR}/tools/lint.py"},
   {"type": "command", "command": "bash -c 'scripts/inner.sh --fast && true'"}]}]
}}
JSON
echo '{"version": 1, "hooks": {"afterFileEdit": [{"command": "./scripts/cursor.sh"}]}}' \
	>"$WS/.cursor/hooks.json"
echo '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "$GEMINI_PROJECT_DIR/scripts/gemini.sh"}]}]}}' \
	>"$WS/.gemini/settings.json"
echo '{"hooks": {"pre_write_code": [{"command": "python3 scripts/windsurf.py", "show_output": true}]}}' \
	>"$WS/.windsurf/hooks.json"
echo '{"mcpServers": {"local": {"command": "node", "args": ["tools/server.js"]}}}' >"$WS/.mcp.json"
NAMED='scripts/fmt.sh scripts/stop.sh tools/lint.py scripts/cursor.sh scripts/gemini.sh
scripts/windsurf.py tools/server.js scripts/inner.sh'
for f in $NAMED scripts/other.sh; do echo "orig $f" >"$WS/$f"; done

begin_test "the scripts the hooks name: not written, renamed or linked over, removed, sed -i'd"
fsj -- bash -c '
for f in $1; do
	echo evil >>"$f" 2>/dev/null && echo "WROTE $f"
	echo evil >new; mv -f new "$f" 2>/dev/null && echo "MOVED $f"
	echo evil >new; ln -f new "$f" 2>/dev/null && echo "LINKED $f"
	rm -f "$f" 2>/dev/null; [ -e "$f" ] || echo "REMOVED $f"
	sed -i s/orig/evil/ "$f" 2>/dev/null && echo "SEDDED $f"
done
rm -f new; sed -i s/orig/edited/ scripts/other.sh && echo OTHER' bash "$NAMED"
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|LINKED|REMOVED|SEDDED'
assert_out_match '^OTHER$'
for f in $NAMED; do assert_content "$WS/$f" "orig $f"; done
assert_content "$WS/scripts/other.sh" "edited scripts/other.sh"
end_test

begin_test "the summary names the rule, the hook and the file that names it"
fsj -- sh -c 'echo evil >>scripts/fmt.sh'
assert_failed
assert_err_match "write $WS/scripts/fmt\\.sh: protected rule 'workspace-autorun'"
assert_err_match "^    why: Claude Code runs it: the entry \"PostToolUse\" of $WS/\\.claude/settings\\.json names it"
fsj -- sh -c 'echo evil >tools/lint.py'
assert_failed
assert_err_match "write $WS/tools/lint\\.py: protected rule 'workspace-autorun'"
assert_err_match 'the entry "Stop" of'
fsj -- sh -c 'echo evil >x; mv -f x scripts/windsurf.py'
assert_failed
assert_err_match "create $WS/scripts/windsurf\\.py: protected rule 'workspace-autorun'"
assert_err_match '^    why: Windsurf runs it'
end_test

begin_test "explain of a named script names the rule and the hook"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/scripts/gemini.sh"
assert_rc 0
assert_out_match "^  write +deny +protected +protected 'workspace-autorun' $WS/scripts/gemini\\.sh \\(this path only\\)"
assert_out_match '^  why: Gemini CLI runs it: the entry "BeforeTool" of '
end_test

begin_test "protect: {autorun: false}: the scripts are writable again"
write_config <<<'protect: {autorun: false}'
fsj -- bash -c 'echo new >scripts/fmt.sh && echo new >tools/server.js && echo DONE'
assert_rc 0
assert_out_match '^DONE$'
assert_content "$WS/scripts/fmt.sh" new
clear_rules
end_test

end_user_pass
done_testing
