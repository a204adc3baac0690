#!/bin/bash
# The hooks files whose scripts workspace-autorun protects (t0468) are the
# workspace's, which an earlier sandboxed command may have written: fsjail
# reads them before the run, with its own rights, as hostile input. A
# hook's file inside the workspace is protected; nothing outside it is (a
# path outside, "..", a symlink out of it, a settings file that is a
# symlink out of it), nor CLAUDE.md, which agents edit on purpose; a
# variable fsjail cannot know drops the word; a file too large, not JSON,
# a FIFO or nested without end adds nothing and neither hangs nor crashes
# the run (the settings file itself stays protected); one file adds at
# most 256 rules; the entry name it gives reaches the terminal escaped
# once (no control byte, no escape of an escape). As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0470_USER 5
setup
require_landlock
mkdir -p "$WS/.claude" "$WS/scripts" "$T/out"
echo out >"$T/out/outside.sh"
ln -s "$T/out/outside.sh" "$WS/scripts/link-out.sh"
for f in ok.sh home.sh; do echo orig >"$WS/scripts/$f"; done
echo '# notes' >"$WS/CLAUDE.md"
cat >"$WS/.claude/settings.json" <<JSON
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "scripts/ok.sh; \$HOME/scripts/home.sh \$CLAUDE_PROJECT_DIR/../out/outside.sh"},
 {"type": "command", "command": "$T/out/outside.sh scripts/link-out.sh"},
 {"type": "command", "command": "cat \$CLAUDE_PROJECT_DIR/CLAUDE.md"}]}]}}
JSON
echo '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "scripts/ok.sh"}]}]}}' >"$T/out/local.json"
ln -s "$T/out/local.json" "$WS/.claude/settings.local.json"

begin_test "a script in the workspace is protected; nothing outside it, nor through a variable or symlink, nor CLAUDE.md"
fsj -- bash -c 'echo evil >>scripts/ok.sh 2>/dev/null && echo WROTE-ok
echo new >scripts/home.sh && echo HOME-OK
rm scripts/link-out.sh && echo LINK-OK; echo more >>CLAUDE.md && echo CLAUDE-OK; true'
assert_rc 0
assert_out_match '^CLAUDE-OK$'
assert_out_nomatch WROTE
assert_out_match '^HOME-OK$'
assert_out_match '^LINK-OK$'
assert_content "$WS/scripts/ok.sh" orig
run_cmd "$FSJAIL" explain --workspace "$WS" "$T/out/outside.sh"
assert_out_nomatch 'workspace-autorun'
end_test

begin_test "a file too large or not JSON adds nothing and stays protected itself"
cp "$WS/.claude/settings.json" "$T/keep.json"
{ printf '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "scripts/ok.sh"}]}]}, "pad": "'
  head -c 300000 /dev/zero | tr '\0' a; printf '"}\n'; } >"$WS/.claude/settings.json"
fsj -- bash -c 'echo new >>scripts/ok.sh && echo BIG-OK; echo x >>.claude/settings.json 2>/dev/null && echo WROTE-settings; true'
assert_out_match '^BIG-OK$'
assert_out_nomatch WROTE
echo '{"hooks": {"Stop": [{"hooks": [{"command": "scripts/ok.sh"' >"$WS/.claude/settings.json"
fsj -- bash -c 'echo new >>scripts/ok.sh && echo BROKEN-OK; true'
assert_out_match '^BROKEN-OK$'
end_test

begin_test "a FIFO or endless nesting neither hangs nor crashes the run"
rm -f "$WS/.claude/settings.json" "$WS/.claude/settings.local.json"
mkfifo "$WS/.claude/settings.json"
timeout 60 "$FSJAIL" run --workspace "$WS" -- true >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
rm -f "$WS/.claude/settings.json"
{ head -c 200000 /dev/zero | tr '\0' '['; } >"$WS/.claude/settings.json"
python3 -c 'import sys; sys.stdout.write("{\"a\":" * 5000 + "{\"command\": \"scripts/ok.sh\"}" + "}" * 5000)' \
	>"$WS/.mcp.json" 2>/dev/null || echo '{}' >"$WS/.mcp.json"
fsj -- true
assert_rc 0
end_test

begin_test "one file adds at most 256 rules"
rm -f "$WS/.mcp.json"
mkdir -p "$WS/many"
for i in $(seq 1 300); do echo x >"$WS/many/f$i"; done
{ printf '{"hooks": {"Stop": [{"hooks": [{"command": "'
  for i in $(seq 1 300); do printf 'many/f%s ' "$i"; done
  printf '"}]}]}}\n'; } >"$WS/.claude/settings.json"
fsj -- bash -c 'echo y >>many/f1 2>/dev/null || echo REFUSED-1; echo y >>many/f300 && echo WROTE-300'
assert_rc 0
assert_out_match '^REFUSED-1$'
assert_out_match '^WROTE-300$'
end_test

begin_test "a hostile entry name reaches the terminal escaped once"
mkdir -p "$WS/.windsurf"
echo orig >"$WS/scripts/esc.sh"
printf '{"hooks": {"\\u001b[31mX\\\\Y": [{"command": "scripts/esc.sh"}]}}\n' >"$WS/.windsurf/hooks.json"
fsj -- sh -c 'echo evil >>scripts/esc.sh'
assert_content "$WS/scripts/esc.sh" orig
grep -qF 'the entry "\x1b[31mX\\Y" of' "$ERR" || fail "the entry name is not shown escaped once"
! grep -qF '\\x1b' "$ERR" || fail "the entry name is escaped twice"
! grep -q "$(printf '\033')" "$ERR" || fail "a raw ESC reached the terminal"
rm -rf "$WS/.windsurf" "$WS/scripts/esc.sh"
end_test

end_user_pass
done_testing
