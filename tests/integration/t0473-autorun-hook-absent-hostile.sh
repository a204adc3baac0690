#!/bin/bash
# The hooks files are hostile input (t0470); now that a script a hook
# names is protected before it exists (t0471), so are the bounds on what
# such a file can make fsjail protect: one file adds at most 256 rules,
# missing names too; a missing name outside the workspace (.., an
# absolute path, ~, a symlinked folder out of it) gets no rule, nor
# CLAUDE.md or AGENTS.md, which agents edit on purpose; a dangling
# symlink the hook names keeps its missing target uncreatable (the agent
# would run the target). As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0473_USER 2
setup
require_landlock
mkdir -p "$WS/.claude" "$WS/scripts" "$T/outside"
ln -s "$T/outside" "$WS/outlink"
ln -s ../target.sh "$WS/scripts/dangling.sh"
cat >"$WS/.claude/settings.json" <<JSON
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "bash \$CLAUDE_PROJECT_DIR/../../outside/up.sh; $T/outside/abs.sh; ~/home.sh; outlink/via.sh"},
 {"type": "command", "command": "cat \$CLAUDE_PROJECT_DIR/CLAUDE.md; bash AGENTS.md; ./scripts/dangling.sh"}]}]}}
JSON

begin_test "nothing outside the workspace, nor CLAUDE.md or AGENTS.md; a dangling link's target is kept"
for p in "$T/outside/up.sh" "$T/outside/abs.sh" "$HOME/home.sh" "$WS/outlink/via.sh" "$T/outside/via.sh"; do
	run_cmd "$FSJAIL" explain --workspace "$WS" "$p"
	assert_out_nomatch 'workspace-autorun'
done
fsj -- bash -c 'echo notes >CLAUDE.md && echo notes >AGENTS.md && echo EDITED
echo evil >target.sh 2>/dev/null && echo "MADE target"
echo evil >scripts/dangling.sh 2>/dev/null && echo "WROTE through the link"; true'
assert_rc 0
assert_out_match '^EDITED$'
assert_out_nomatch 'MADE|WROTE'
assert_not_exists "$WS/target.sh"
[ -L "$WS/scripts/dangling.sh" ] || fail "the named symlink is gone"
end_test

begin_test "one file adds at most 256 rules, names not there yet too"
mkdir -p "$WS/many"
{ printf '{"hooks": {"Stop": [{"hooks": [{"command": "'
  for i in $(seq 1 300); do printf 'many/f%s ' "$i"; done
  printf '"}]}]}}\n'; } >"$WS/.claude/settings.json"
fsj -- bash -c 'echo y >many/f1 2>/dev/null || echo REFUSED-1; echo y >many/f300 && echo MADE-300'
assert_rc 0
assert_out_match '^REFUSED-1$'
assert_out_match '^MADE-300$'
assert_not_exists "$WS/many/f1"
end_test

end_user_pass
done_testing
