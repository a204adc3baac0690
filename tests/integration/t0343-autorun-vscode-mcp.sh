#!/bin/bash
# VS Code starts the MCP servers a workspace's .vscode/mcp.json names
# (its workspace MCP configuration), as Cursor does for .cursor/mcp.json:
# a command planted one and the run said nothing (att12). The run names
# it like the other files editors and agents run by themselves (t0340).
. "$(dirname "$0")/libtest.sh"

plan 2
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock

begin_test "a .vscode/mcp.json the command made is named after the run"
fsj_sh --quiet -- 'mkdir -p .vscode && echo "{\"servers\":{\"x\":{\"command\":\"sh\"}}}" >.vscode/mcp.json; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "made $WS/.vscode/mcp.json \\(VS Code starts the MCP servers it names"
end_test

begin_test "the same bytes written again are no change"
fsj_sh -- 'cp .vscode/mcp.json x && cp x .vscode/mcp.json && rm x; echo done'
assert_rc 0 && assert_out_match "^done$"
! grep -q "mcp.json" "$ERR" || fail "named: $(grep mcp.json "$ERR")"
end_test

done_testing
