#!/bin/bash
# Codex starts the MCP servers a trusted project's .codex/config.toml
# names, OpenCode those of a project's opencode.json(c) or
# .opencode/opencode.json(c), and Windsurf runs the Cascade hooks of a
# workspace's .windsurf/hooks.json: a command planted them and the run
# said nothing (att17), as it names the other files editors and agents
# run by themselves (t0340, t0367). Test 1 fails before.
. "$(dirname "$0")/libtest.sh"

plan 2
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock

begin_test "a .codex/config.toml, opencode.json(c), .opencode/ file and .windsurf/hooks.json made or changed are named"
mkdir -p "$WS/.codex"
printf 'model = "x"\n' >"$WS/.codex/config.toml"
fsj_sh --quiet -- 'printf "[mcp_servers.x]\ncommand = \"sh\"\n" >>.codex/config.toml
	echo "{\"mcp\":{\"x\":{\"type\":\"local\",\"command\":[\"sh\"]}}}" >opencode.json
	cp opencode.json opencode.jsonc
	mkdir -p .opencode .windsurf && cp opencode.json .opencode/opencode.json && cp opencode.json .opencode/opencode.jsonc
	echo "{\"hooks\":{\"pre_user_prompt\":[{\"command\":\"sh\"}]}}" >.windsurf/hooks.json; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "changed $WS/.codex/config.toml \\(Codex starts the MCP servers it names"
assert_err_match "made $WS/opencode.json \\(OpenCode starts the MCP servers it names"
assert_err_match "made $WS/opencode.jsonc \\(OpenCode starts"
assert_err_match "made $WS/.opencode/opencode.json \\(OpenCode starts"
assert_err_match "made $WS/.opencode/opencode.jsonc \\(OpenCode starts"
assert_err_match "made $WS/.windsurf/hooks.json \\(Windsurf runs the hooks it names"
end_test

begin_test "the same bytes written again are no change"
fsj_sh -- 'cp .windsurf/hooks.json x && cp x .windsurf/hooks.json && rm x; echo done'
assert_rc 0 && assert_out_match "^done$"
! grep -q "hooks.json" "$ERR" || fail "named: $(grep hooks.json "$ERR")"
end_test

done_testing
