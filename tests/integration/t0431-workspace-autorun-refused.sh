#!/bin/bash
# An agent in `fsjail run` could write the workspace's
# .claude/settings.json or .claude/settings.local.json (hooks), .mcp.json,
# .vscode/tasks.json or .vscode/settings.json (sec30): the harness or
# editor that opens the folder, or rereads it while the agent still runs,
# then ran what they name on the host. The run named the change only
# afterwards. They are now protected (rule workspace-autorun), existing
# or not, at the top of the workspace (not in a work tree in it such as
# vendor/x, whose files are named after the run: t0377 moves those): none
# can be written, created, renamed or linked over, nor reached by moving
# its folder away and making a new one; the rest of the workspace keeps
# its grant, and the refusal summary names the rule, what runs the file
# and how to turn it off. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0431_USER 4
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS/vendor/x" || bail_out "git init failed"
mkdir -p "$WS/.vscode" "$WS/.claude"
echo '{"a":1}' >"$WS/.vscode/settings.json"
echo '{"b":1}' >"$WS/.claude/settings.json"
HAVE='.vscode/settings.json .claude/settings.json'
MISS='.claude/settings.local.json .mcp.json .vscode/tasks.json .vscode/mcp.json .cursor/mcp.json
.gemini/settings.json .codex/config.toml'

begin_test "none can be written, created, renamed or linked over; the workspace keeps its grant"
fsj -- bash -c '
for f in $1; do
	mkdir -p "$(dirname "$f")" 2>/dev/null
	echo "{\"hooks\":{}}" >>"$f" 2>/dev/null && echo "WROTE $f"
	echo "{\"hooks\":{}}" >new.json
	mv -f new.json "$f" 2>/dev/null && echo "MOVED $f"
	ln -f new.json "$f" 2>/dev/null && echo "LINKED $f"
	ln -sf new.json "$f" 2>/dev/null && echo "SYMLINKED $f"
done
rm -f new.json; echo ok >plain.txt && mkdir -p sub && echo "{}" >sub/.mcp.json && echo SIBLING' bash "$HAVE $MISS"
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|LINKED'
assert_out_match '^SIBLING$'
assert_content "$WS/.vscode/settings.json" '{"a":1}'
assert_content "$WS/.claude/settings.json" '{"b":1}'
for f in $MISS; do
	[ ! -e "$WS/$f" ] && [ ! -L "$WS/$f" ] || fail "$WS/$f was made"
done
end_test

begin_test "moving .claude or .vscode away to make a new one with the file is refused"
fsj -- bash -c '
mv .claude .claude-old 2>/dev/null && mkdir .claude && echo "{\"hooks\":{}}" >.claude/settings.json && echo PLANTED-claude
mv .vscode .vscode-old 2>/dev/null && mkdir .vscode && echo "{}" >.vscode/tasks.json && echo PLANTED-vscode
mkdir -p t/.vscode && echo "{}" >t/.vscode/tasks.json && mv -T t/.vscode .vscode 2>/dev/null && echo PLANTED-over
true'
assert_rc 0
assert_out_nomatch PLANTED
assert_content "$WS/.claude/settings.json" '{"b":1}'
assert_not_exists "$WS/.vscode/tasks.json"
end_test

begin_test "the refusal summary names the rule, what runs the file and the switch"
fsj -- sh -c 'echo "{\"hooks\":{}}" >.claude/settings.local.json'
assert_failed
assert_err_match "create $WS/\\.claude/settings\\.local\\.json: protected rule 'workspace-autorun'"
assert_err_match '^    why: Claude Code runs the hooks it names, outside any sandbox.*protect: \{autorun: false\} in fsjail.s config\.yaml turns this off$'
fsj -- sh -c 'echo x >>.vscode/settings.json'
assert_failed
assert_err_match "write $WS/\\.vscode/settings\\.json: protected rule 'workspace-autorun'"
assert_err_match '^    why: VS Code runs programs it names'
end_test

begin_test "pre-commit's and lefthook's files stay writable (named after the run)"
fsj -- sh -c 'echo "repos: []" >.pre-commit-config.yaml && echo "pre-commit: {}" >lefthook.yml && echo MADE'
assert_rc 0
assert_out_match '^MADE$'
assert_err_match "made $WS/\\.pre-commit-config\\.yaml"
end_test

end_user_pass
done_testing
