#!/bin/bash
# Project files that tools on the host run by themselves (VS Code's tasks
# and settings, Claude Code's hooks in .claude/settings*.json and MCP
# servers in .mcp.json, Cursor's and Gemini CLI's MCP servers): a command
# could plant one in the workspace and the user's next editor or agent
# session there ran it outside any sandbox, and the run said nothing.
# Refusing them would break git (a branch that tracks .vscode/settings.json
# could not be checked out), so the run says which of them the command
# made, changed or removed (with --quiet too) and undo gives them back;
# the same bytes written again (git stash; git stash pop) are no change.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0340_USER 4
setup; write_config <<<"protect: {autorun: false}" # named after the run, not refused (sec30)
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
(git init -q && mkdir .vscode && echo '{"a":1}' >.vscode/settings.json && git add . &&
	git commit -qm init && git checkout -q -b other && echo '{"a":2}' >.vscode/settings.json &&
	git commit -qam other && git checkout -q - && git init -q vendor/x) >/dev/null 2>&1 ||
	bail_out "cannot make the repositories"

begin_test "made and changed files that editors and agents run are named after the run, --quiet too"
fsj_sh --quiet -- 'echo "{\"tasks\":[]}" >.vscode/tasks.json; echo "{\"b\":1}" >.vscode/settings.json
mkdir .claude && echo "{\"hooks\":{}}" >.claude/settings.json; echo "{}" >.mcp.json
echo "{}" >vendor/x/.mcp.json; echo done'
assert_rc 0 && assert_out_match "^done$"
assert_err_match "made $WS/.vscode/tasks.json \\(VS Code"
assert_err_match "changed $WS/.vscode/settings.json "
assert_err_match "made $WS/.claude/settings.json \\(Claude Code runs the hooks"
assert_err_match "made $WS/.mcp.json \\(Claude Code starts the MCP servers"
assert_err_match "made $WS/vendor/x/.mcp.json "
end_test

begin_test "fsjail backups restore gives them back"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/.vscode/settings.json" '{"a":1}'
assert_not_exists "$WS/.vscode/tasks.json"
assert_not_exists "$WS/.mcp.json"
end_test

begin_test "git checkout of a branch that tracks one works, and is named; the same bytes again are not"
fsj_sh -- 'git checkout -q other && echo switched'
assert_rc 0 && assert_out_match "^switched$"
assert_content "$WS/.vscode/settings.json" '{"a":2}'
assert_err_match "changed $WS/.vscode/settings.json "
fsj_sh -- 'echo x >>.vscode/settings.json && git stash -q && git stash pop -q && git checkout -q .vscode && echo same'
assert_rc 0 && assert_out_match "^same$"
! grep -q "settings.json" "$ERR" || fail "a note on the same bytes: $(cat "$ERR")"
end_test

begin_test "a run that touches none of them says nothing of them"
fsj_sh -- 'echo x >plain.txt'
assert_rc 0
! grep -q "note: the command" "$ERR" || fail "a note: $(cat "$ERR")"
end_test

end_user_pass
done_testing
