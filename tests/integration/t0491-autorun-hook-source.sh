#!/bin/bash
# A hook that sources a shell file runs it: source ./env.sh && lint,
# source vars.sh, . local.sh after cd tools, . scripts/env.sh, source --
# dashed.sh, source "$CLAUDE_PROJECT_DIR/lib/common.sh" after a cd, .
# ./inner.sh inside bash -c (bash(1), source: the file's commands run in
# the current shell). int23c took source and . for programs and their
# operand for an ordinary argument, a path only by its '/', so the
# missing vars.sh, tools/local.sh and dashed.sh could be made inside the
# run and run on the host at the next hook. Now none of write, rename, symlink, copy makes them, an
# existing sourced file is not overwritten, siblings stay creatable and
# lint, echo, true make no rule. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libautorun.sh"

plan_user_pass FSJ_T0491_USER 3
setup
require_landlock
git_env
command -v git >/dev/null || skip_all "no git"
git init -q "$WS" || bail_out "git init failed"
mkdir -p "$WS/.claude" "$WS/tools"
echo original >"$WS/cfg.sh"
cat >"$WS/.claude/settings.json" <<'JSON'
{"hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [
 {"type": "command", "command": "source ./env.sh && lint; echo x; true"},
 {"type": "command", "command": "source vars.sh; cd tools && . local.sh"},
 {"type": "command", "command": ". scripts/env.sh; source -- dashed.sh"},
 {"type": "command", "command": "cd tools; source \"$CLAUDE_PROJECT_DIR/lib/common.sh\""},
 {"type": "command", "command": "bash -c '. ./inner.sh' && . cfg.sh"}]}]}}
JSON
NAMED='env.sh vars.sh tools/local.sh scripts/env.sh dashed.sh lib/common.sh inner.sh'
SIBLINGS='local.sh env2.sh scripts/other.sh lib/other.sh tools/common.sh'
WORDS='lint echo x true'

begin_test "the files a hook sources, not there yet, are made by no route"
autorun_routes_refused "$NAMED" "$SIBLINGS"
fsj -- sh -c 'mkdir -p scripts && echo evil >scripts/env.sh'
assert_failed
assert_err_match "create $WS/scripts/env\\.sh: protected rule 'workspace-autorun'"
end_test

begin_test "an existing sourced file is not written, renamed over or linked over"
fsj -- bash -c 'echo evil >prep
echo evil >cfg.sh 2>/dev/null && echo "WROTE"
mv -f prep cfg.sh 2>/dev/null && echo "MOVED"
ln -sf "$PWD/prep" cfg.sh 2>/dev/null && echo "SYMLINKED"
rm -f prep; true'
assert_rc 0
assert_out_nomatch 'WROTE|MOVED|SYMLINKED'
assert_content "$WS/cfg.sh" original
end_test

begin_test "lint, echo, x and true make no rule"
autorun_words_free "$WORDS"
end_test

end_user_pass
done_testing
