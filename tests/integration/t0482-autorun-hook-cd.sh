#!/bin/bash
# A literal cd in a hook's command changes the folder the rest of that
# shell's list runs from: cd tools && ./fmt.sh runs tools/fmt.sh, cd
# "$CLAUDE_PROJECT_DIR/py"; python3 y.py runs py/y.py, (cd sub && bash
# s.sh) runs sub/s.sh (bash(1): cd changes the shell's working
# directory; a subshell's does not leak out). fix41 took these words
# from the workspace's top (fmt.sh, y.py), so the scripts that run could
# be made inside the run. Now none of write, rename, symlink, copy makes
# them; the same names at the top stay creatable (the cd is followed, not
# guessed both ways), a sibling too, and echo, -c, true make no rule. As
# root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0482_USER 2
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/.cursor"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"Stop": [{"hooks": [
 {"type": "command", "command": "cd tools && ./fmt.sh --check; echo done; true"},
 {"type": "command", "command": "cd \"$CLAUDE_PROJECT_DIR/py\"; python3 y.py"},
 {"type": "command", "command": "(cd sub && bash s.sh) && ./top.sh"}]}]}}
JSON
echo '{"version": 1, "hooks": {"stop": [{"command": "cd web; node --import ./loader.mjs serve.js"}]}}' \
	>"$WS/.cursor/hooks.json"
NAMED='tools/fmt.sh py/y.py sub/s.sh top.sh web/loader.mjs web/serve.js'
SIBLINGS='fmt.sh y.py s.sh serve.js sub/top.sh tools/other.sh'
WORDS='echo done true ./-c ./--check'

begin_test "the scripts a cd leads to, not there yet, are made by no route; the same names at the top are"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'mkdir -p py && echo evil >py/y.py'
assert_failed
assert_err_match "create $WS/py/y\\.py: protected rule 'workspace-autorun'"
end_test

begin_test "echo, -c, true and an option make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
