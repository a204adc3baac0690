#!/bin/bash
# JetBrains IDEs run the startup tasks of a trusted project when it opens
# (IntelliJ's ProjectStartupSharedConfiguration in .idea/startup.xml, the
# local one in .idea/workspace.xml), and Kiro starts the MCP servers a
# workspace's .kiro/settings/mcp.json names: a command planted them and
# the run said nothing (att15; sandbox-runtime denies writes in .idea).
# The run names them as it does the other files editors and agents run
# by themselves (t0340). Tests 1 and 2 fail before.
. "$(dirname "$0")/libtest.sh"

plan 3
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock

begin_test "a .idea/startup.xml and .idea/workspace.xml the command made or changed are named"
mkdir -p "$WS/.idea"
printf '<project version="4"/>\n' >"$WS/.idea/workspace.xml"
fsj_sh --quiet -- 'printf "<project version=\"4\">\n<component name=\"ProjectStartupSharedConfiguration\"><configurations><configuration id=\"Shell Script.x\" name=\"x\"/></configurations></component>\n</project>\n" >.idea/startup.xml
	printf "<project version=\"4\"><component name=\"ProjectStartupLocalConfiguration\"/></project>\n" >.idea/workspace.xml; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "made $WS/.idea/startup.xml \\(JetBrains IDEs run the startup tasks it names"
assert_err_match "changed $WS/.idea/workspace.xml \\(JetBrains IDEs run the startup tasks"
end_test

begin_test "a .kiro/settings/mcp.json the command made is named"
fsj_sh --quiet -- 'mkdir -p .kiro/settings && echo "{\"mcpServers\":{\"x\":{\"command\":\"sh\"}}}" >.kiro/settings/mcp.json; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "made $WS/.kiro/settings/mcp.json \\(Kiro starts the MCP servers it names"
end_test

begin_test "the same bytes written again are no change"
fsj_sh -- 'cp .idea/startup.xml x && cp x .idea/startup.xml && rm x; echo done'
assert_rc 0 && assert_out_match "^done$"
! grep -q "startup.xml" "$ERR" || fail "named: $(grep startup.xml "$ERR")"
end_test

done_testing
