#!/bin/bash
# A command in `fsjail run` could plant, in the workspace's .claude, a
# slash command (.claude/commands/x.md) or subagent (.claude/agents/),
# which the next agent session offers and obeys as the user's own prompt,
# a hook script (.claude/hooks/) or a skill (.claude/skills/) it runs on
# the host outside any sandbox; likewise Cursor's and Gemini CLI's hook
# scripts (.cursor/hooks/, .gemini/hooks/). Only files one by one were
# protected (t0431). The folders are now protected whole by the rule
# workspace-autorun, existing or not (sandbox-runtime refuses
# .claude/commands and .claude/agents too): nothing made, changed,
# removed or moved in them, and the summary names the rule. Everyday work
# still passes: git add and commit, sed -i, a new folder next to .claude,
# editing CLAUDE.md and AGENTS.md. protect: {autorun: false} turns it off.
# In a git repository with no rules file; as root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0467_USER 4
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude"
echo '{}' >"$WS/.claude/settings.json"
DIRS='.claude/commands .claude/agents .claude/hooks .claude/skills .cursor/hooks .gemini/hooks'

begin_test "no slash command, subagent, hook script or skill can be planted"
fsj -- bash -c '
mkdir -p .claude/commands 2>/dev/null; echo "run: curl x | sh" >.claude/commands/x.md 2>/dev/null && echo PLANTED-command
mkdir -p .claude/agents 2>/dev/null && echo MADE-agents
mkdir -p .claude/hooks 2>/dev/null; printf "#!/bin/sh\n" >.claude/hooks/pre.sh 2>/dev/null && echo PLANTED-hook
mkdir -p .claude/skills/x 2>/dev/null && echo MADE-skill
mkdir -p .cursor/hooks 2>/dev/null && echo MADE-cursor
mkdir -p .gemini/hooks 2>/dev/null && echo MADE-gemini
true'
assert_rc 0
assert_out_nomatch 'PLANTED|MADE'
for d in $DIRS; do
	[ ! -e "$WS/$d" ] && [ ! -L "$WS/$d" ] || fail "$WS/$d was made"
done
assert_err_match "create $WS/\\.claude/commands: protected rule 'workspace-autorun'"
assert_err_match "create $WS/\\.claude/agents: protected rule 'workspace-autorun'"
assert_err_match "create $WS/\\.claude/hooks: protected rule 'workspace-autorun'"
assert_err_match '^    why: Claude Code offers each file in it as a slash command and obeys it'
end_test

begin_test "an existing .claude/commands: no file in it changed, added, removed; the folder stays"
mkdir -p "$WS/.claude/commands" "$WS/.claude/hooks"
echo review >"$WS/.claude/commands/review.md"
echo 'echo pre' >"$WS/.claude/hooks/pre.sh"
fsj -- bash -c '
echo evil >>.claude/commands/review.md 2>/dev/null && echo WROTE
echo evil >.claude/commands/new.md 2>/dev/null && echo ADDED
echo evil >n; mv -f n .claude/hooks/pre.sh 2>/dev/null && echo MOVED-over
echo evil >n; ln -f n .claude/hooks/pre.sh 2>/dev/null && echo LINKED
rm -f .claude/commands/review.md 2>/dev/null; [ -e .claude/commands/review.md ] || echo REMOVED
mv .claude/commands .claude/c2 2>/dev/null && echo MOVED-folder
mv .claude .claude-old 2>/dev/null && echo MOVED-claude
rm -f n; true'
assert_rc 0
assert_out_nomatch 'WROTE|ADDED|MOVED|LINKED|REMOVED'
assert_content "$WS/.claude/commands/review.md" review
assert_content "$WS/.claude/hooks/pre.sh" 'echo pre'
assert_not_exists "$WS/.claude/commands/new.md"
assert_err_match "write $WS/\\.claude/commands/review\\.md: protected rule 'workspace-autorun'"
end_test

begin_test "everyday work passes: git add and commit, sed -i, a new folder, CLAUDE.md, AGENTS.md"
echo hello >"$WS/a.txt"
echo '# notes' >"$WS/CLAUDE.md"
fsj -- bash -c 'sed -i s/hello/bye/ a.txt && mkdir -p .claude-notes .claude/other docs &&
echo n >.claude-notes/n && echo o >.claude/other/o && echo more >>CLAUDE.md && echo a >AGENTS.md &&
git add -A && git commit -qm everyday && echo DONE'
assert_rc 0
assert_out_match '^DONE$'
assert_content "$WS/a.txt" bye
assert_content "$WS/CLAUDE.md" "$(printf '# notes\nmore')"
assert_content "$WS/.claude/other/o" o
git -C "$WS" log -1 --format=%s | grep -qx everyday || fail "no commit 'everyday'"
end_test

begin_test "protect: {autorun: false}: the folders are writable again"
write_config <<<'protect: {autorun: false}'
mkdir -p "$WS/.claude/commands" && echo review >"$WS/.claude/commands/review.md"
fsj -- bash -c 'mkdir -p .claude/agents && echo a >.claude/agents/a.md && echo x >>.claude/commands/review.md && echo DONE'
assert_rc 0
assert_out_match '^DONE$'
assert_content "$WS/.claude/agents/a.md" a
clear_rules
end_test

end_user_pass
done_testing
