#!/bin/bash
# The protected rule workspace-autorun (sec30, t0431) says why: `fsjail
# explain` on the workspace's .claude/settings.json names the rule, what
# runs the file and the config switch that turns it off; `fsjail status`
# lists each such file among the protected paths with the switch; the
# switch protect: {autorun: false} lets the command write them again and
# the run names each change afterwards, as before; a misspelt key is an
# error naming autorun. Without mount masks a deny in the workspace would
# expand it (new entries unreachable): the rule is left out there and the
# run names the change afterwards. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0432_USER 5
setup
require_landlock
mkdir -p "$WS/.claude"

begin_test "explain .claude/settings.json: the rule, what runs it, the switch"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.claude/settings.json"
assert_rc 0
assert_out_match "^  write +deny +protected +protected 'workspace-autorun' $WS/\\.claude/settings\\.json \\(this path only\\)"
assert_out_match '^  why: Claude Code runs the hooks it names, outside any sandbox, .*protect: \{autorun: false\} in fsjail.s config\.yaml turns this off$'
end_test

begin_test "status lists them as protected, with the switch"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match "^  $WS/\\.mcp\\.json \\(this path only\\): deny write, create, delete \\(the files editors and agents run by themselves in $WS \\(protect: \\{autorun: false\\} turns this off\\)\\)"
assert_out_match "^  $WS/\\.vscode/tasks\\.json \\(this path only\\): deny write, create, delete"
end_test

begin_test "protect: {autorun: false}: writable again, and named after the run"
write_config <<<'protect: {autorun: false}'
fsj -- sh -c 'echo "{\"hooks\":{}}" >.claude/settings.json && echo MADE'
assert_rc 0
assert_out_match '^MADE$'
assert_err_match "made $WS/\\.claude/settings\\.json \\(Claude Code runs the hooks"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.mcp.json"
assert_out_nomatch 'workspace-autorun'
clear_rules
end_test

begin_test "a misspelt key in protect: is an error that names autorun"
write_config <<<'protect: {autorn: false}'
fsj -- true
assert_rc 125
assert_err_match "unknown key 'autorn' in 'protect' \\(expected repository, autorun or hard_links\\)"
clear_rules
end_test

begin_test "without mount masks: no expansion of the workspace; the change is named after the run"
FSJAIL_NO_MOUNT_MASKS=1 fsj -- sh -c 'echo "{}" >.mcp.json && echo x >new.txt && echo MADE'
assert_rc 0
assert_out_match '^MADE$'
assert_err_match "made $WS/\\.mcp\\.json \\(Claude Code starts the MCP servers"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" compile --backend landlock --tier writes --workspace "$WS"
assert_rc 0
grep -qx "expanded $WS" "$OUT" && fail "the workspace is expanded: $(grep -A1 "^expanded $WS" "$OUT")"
rm -f "$WS/.mcp.json"
end_test

end_user_pass
done_testing
