#!/bin/bash
# A hook's command is shell text, and the most common hook is shell text
# inside it: sh -c '...', bash -lc "...". fix41 split such a string once,
# by hand: a script two shells deep (bash -lc "sh -c 'python3 deep.py'")
# or after a cd inside the string (sh -c 'cd hooks && ./inner.sh') was
# not taken, so a missing one could be made inside the run and run on the
# host at the next hook. The command is now parsed with tree-sitter-bash
# (as fsjail check parses a line), and a shell's -c operand is parsed
# again, 4 deep: none of write, rename, symlink, copy makes those scripts;
# a sibling (inner.sh beside hooks/, scripts/other.py) stays creatable,
# and echo, -c, true, hi make no rule. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0481_USER 2
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"hooks": [
 {"type": "command", "command": "bash -lc \"sh -c 'python3 deep.py'\""},
 {"type": "command", "command": "sh -c 'cd hooks && ./inner.sh' && sh -c 'echo hi; true'"},
 {"type": "command", "command": "bash -c \"bash -c 'bash -c \\\"node scripts/three.js\\\"'\""}]}]}}
JSON
NAMED='deep.py hooks/inner.sh scripts/three.js'
SIBLINGS='inner.sh scripts/other.py hooks/other.sh'
WORDS='echo hi true ./-c'

begin_test "the scripts inside sh -c strings, not there yet, are made by no route; siblings are"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'mkdir -p hooks && echo evil >hooks/inner.sh'
assert_failed
assert_err_match "create $WS/hooks/inner\\.sh: protected rule 'workspace-autorun'"
end_test

begin_test "echo, -c, true and hi inside the strings make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
