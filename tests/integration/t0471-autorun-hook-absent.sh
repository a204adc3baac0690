#!/bin/bash
# workspace-autorun protected the scripts the workspace's hooks and MCP
# servers name (t0468) only when they existed at the start of the run: a
# hook "$CLAUDE_PROJECT_DIR/scripts/lint.sh", an MCP server's "node"
# "build/server.js" or Cursor's "./hooks/x.sh" whose file did not exist
# yet could be made inside the run (mkdir -p and a write, a rename, a
# symlink, a hard link, a copy, os.replace, a folder renamed in as its
# missing parent), and the next agent session runs it on the host outside
# any sandbox. A word such a command runs by its place or shape is now
# protected whether it exists or not, as every denied path that does not
# exist yet: none of those routes makes it, a sibling (scripts/other.sh)
# stays creatable in the same run, and nothing is left on the host (no
# placeholder, no folder). As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0471_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/.cursor"
echo '{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "$CLAUDE_PROJECT_DIR/scripts/lint.sh"}]}]}}' \
	>"$WS/.claude/settings.json"
echo '{"mcpServers": {"local": {"command": "node", "args": ["build/server.js"]}}}' >"$WS/.mcp.json"
echo '{"version": 1, "hooks": {"stop": [{"command": "./hooks/x.sh"}]}}' >"$WS/.cursor/hooks.json"
NAMED='scripts/lint.sh build/server.js hooks/x.sh'
PY=$(command -v python3 || echo false)
listing() { (cd "$WS" && find . -path ./.git -prune -o -print | LC_ALL=C sort); }
BEFORE=$(listing)

begin_test "the named scripts that do not exist yet are made by no route"
fsj -- bash -c '
try() { rm -f "$f" prep 2>/dev/null; echo evil >prep; "${@:2}" 2>/dev/null && echo "$1 $f"
	[ -e "$f" ] || [ -L "$f" ] && echo "EXISTS after $1: $f"; }
for f in $1; do
	d=${f%/*}
	rm -rf stage; mkdir stage; echo evil >"stage/${f##*/}"
	mv stage "$d" 2>/dev/null && echo "FOLDER-MOVED $f"
	[ -e "$f" ] && echo "FOLDER-IN $f"
	rm -rf stage "$d"
	mkdir -p "$d" && echo "MKDIR $d"
	try WROTE sh -c "echo evil >$f"
	try MOVED mv -f prep "$f"
	try SYMLINKED ln -s ../prep "$f"
	try LINKED ln prep "$f"
	try COPIED cp prep "$f"
	try REPLACED "$2" -c "import os, sys; os.replace(\"prep\", sys.argv[1])" "$f"
	rm -f prep
done
echo sibling >scripts/other.sh && echo SIBLING' bash "$NAMED" "$PY"
assert_rc 0
assert_out_nomatch 'FOLDER-MOVED|FOLDER-IN|WROTE|MOVED|SYMLINKED|LINKED|COPIED|REPLACED|EXISTS'
assert_out_match '^MKDIR scripts$'
assert_out_match '^SIBLING$'
for f in $NAMED; do assert_not_exists "$WS/$f"; done
assert_content "$WS/scripts/other.sh" sibling
end_test

begin_test "the refusal names the rule and the hook; explain names them too"
fsj -- sh -c 'echo evil >build/server.js'
assert_failed
assert_err_match "create $WS/build/server\\.js: protected rule 'workspace-autorun'"
assert_err_match "^    why: Claude Code runs it: the entry \"local\" of $WS/\\.mcp\\.json names it"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/hooks/x.sh"
assert_rc 0
assert_out_match "^  create +deny +protected +protected 'workspace-autorun' $WS/hooks/x\\.sh \\(this path only\\)"
assert_out_match "^  why: Cursor runs it: the entry \"stop\" of $WS/\\.cursor/hooks\\.json names it"
end_test

begin_test "a run that touches nothing leaves nothing behind: no placeholder, no folder"
rm -rf "$WS/scripts" "$WS/build" "$WS/hooks"
fsj -- true
assert_rc 0
AFTER=$(listing)
[ "$AFTER" = "$BEFORE" ] || fail "the workspace changed: $(diff <(echo "$BEFORE") <(echo "$AFTER") | tr '\n' ' ')"
for f in $NAMED; do assert_not_exists "$WS/$f"; done
assert_not_exists "$WS/scripts"
end_test

end_user_pass
done_testing
