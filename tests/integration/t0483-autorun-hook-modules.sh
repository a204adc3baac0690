#!/bin/bash
# What a hook or MCP server loads that is not its first operand: python3
# -m tools.lint (tools/lint.py and the packages' __init__.py, found from
# the current folder first: python(1), -m), node -r./preload.js and
# --require=./req.js (a module loaded before the script, attached to its
# option), uv --directory svc run main.py (uv finds main.py in svc),
# bun --cwd web run serve.ts, and a glob: bash scripts/*.sh runs the
# scripts that match. fix41 missed each: the module, the folder given
# before "run", the pattern taken as a literal name. None of write,
# rename, symlink, copy makes the missing ones, an existing match of the
# glob is not overwritten, renamed over or linked over; siblings stay
# creatable (svc/other.py, scripts/notes.txt, main.py at the top) and
# echo, -c, true make no rule. The files that a glob would match but that
# do not exist yet are not protected (DESIGN: only existing matches). As
# root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0483_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/scripts"
echo original >"$WS/scripts/a.sh"
echo notes >"$WS/scripts/notes.txt"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "python3 -m tools.lint --fix; echo ok; true"},
 {"type": "command", "command": "node -r./preload.js --require=./req.js app.js"},
 {"type": "command", "command": "uv --directory svc run main.py && bun --cwd web run serve.ts"},
 {"type": "command", "command": "bash scripts/*.sh"}]}]}}
JSON
NAMED='tools/lint.py tools/__init__.py preload.js req.js svc/main.py web/serve.ts'
SIBLINGS='main.py serve.ts svc/other.py tools/other.py'
WORDS='echo ok true ./-c ./--fix'

begin_test "modules, scripts found from another folder, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'mkdir -p svc && echo evil >svc/main.py'
assert_failed
assert_err_match "create $WS/svc/main\\.py: protected rule 'workspace-autorun'"
end_test

begin_test "a glob's existing match is not written, renamed over, linked over or copied over"
fsj -- bash -c 'f=scripts/a.sh; echo evil >prep
echo evil >"$f" 2>/dev/null && echo "WROTE"
mv -f prep "$f" 2>/dev/null && echo "MOVED"
ln -sf "$PWD/prep" "$f" 2>/dev/null && echo "SYMLINKED"
cp prep "$f" 2>/dev/null && echo "COPIED"
rm -f prep; echo more >>scripts/notes.txt && echo NOTES'
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|SYMLINKED|COPIED'
assert_out_match '^NOTES$'
assert_content "$WS/scripts/a.sh" original
end_test

begin_test "echo, -c, true and an option make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
