#!/bin/bash
# pre-commit and lefthook, once the user installed their git hooks, run
# at each git commit the commands the work tree's .pre-commit-config.yaml
# or lefthook.yml names: the hooks are protected, but a command that
# changed these files had the host's next commit run its code and the run
# said nothing (att13). The run names them as it does the files editors
# and agents run (t0340), with Cursor's project hooks and Roo Code's and
# Amazon Q's workspace MCP servers.
. "$(dirname "$0")/libtest.sh"

plan 3
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock

begin_test "a .pre-commit-config.yaml and a lefthook.yml the command changed are named"
printf 'repos: []\n' >"$WS/.pre-commit-config.yaml"
fsj_sh --quiet -- 'printf "repos:\n- repo: local\n  hooks:\n  - {id: x, name: x, entry: sh, language: system}\n" >.pre-commit-config.yaml
	printf "pre-commit:\n  commands:\n    x:\n      run: sh\n" >lefthook.yml; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "changed $WS/.pre-commit-config.yaml \\(pre-commit, once installed, runs its hooks"
assert_err_match "made $WS/lefthook.yml \\(lefthook, once installed"
end_test

begin_test "the same bytes written again are no change"
fsj_sh -- 'cp lefthook.yml x && cp x lefthook.yml && rm x; echo done'
assert_rc 0 && assert_out_match "^done$"
! grep -q "lefthook" "$ERR" || fail "named: $(grep lefthook "$ERR")"
end_test

begin_test "Cursor's hooks and Roo Code's and Amazon Q's MCP servers the command made are named"
fsj_sh --quiet -- 'mkdir -p .cursor .roo .amazonq && for f in .cursor/hooks.json .roo/mcp.json .amazonq/mcp.json; do
	echo "{\"x\":{\"command\":\"sh\"}}" >$f; done; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "made $WS/.cursor/hooks.json \\(Cursor runs the hooks it names"
assert_err_match "made $WS/.roo/mcp.json \\(Roo Code starts the MCP servers"
assert_err_match "made $WS/.amazonq/mcp.json \\(Amazon Q starts the MCP servers"
end_test

done_testing
