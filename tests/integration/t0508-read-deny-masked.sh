#!/bin/bash
# The everyday `deny: [read]` on an existing .env in a workspace that may
# change it costs its folder nothing (issue 12 item 3): the path is hidden
# by a mount mask (an empty read-only file), not by an expansion of the
# workspace, which left the workspace unlistable (ls, a glob, git status)
# and every file made in the run unreadable. The mask refuses writing the
# path too; the summary names that refusal and its rule (item 4), and
# `explain` says so beforehand (item 6).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t.invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t.invalid
SECRET=DOTENV-SECRET-5e1
git -C "$WS" init -q && echo a >"$WS/a" && git -C "$WS" add a && git -C "$WS" commit -qm i
echo "KEY=$SECRET" >"$WS/.env"
write_rules <<EOF
rules:
  - id: dotenv
    path: .env
    recursive: false
    deny: [read]
EOF

begin_test "the workspace lists, globs and runs git status; a file made in the run reads back"
fsj_sh -- 'ls -A; echo "glob:" *; git status --porcelain; echo made >new.txt; cat new.txt; cat .env'
assert_rc 0
assert_out_match '^\.env$'
assert_out_match '^glob: a$'
assert_out_match '^\?\? \.env$'
assert_out_match '^made$'
assert_out_nomatch "$SECRET"
grep -q 'Permission denied' "$ERR" && fail "a refusal: $(cat "$ERR")"
end_test

begin_test "writing .env is refused (the mask), said with the rule, and .env is as it was after"
fsj_sh -- 'echo LEAK=1 >>.env'
assert_rc_not 0
assert_err_match "write $WS/\.env: explicit rule 'dotenv' .*hides it with a mount mask"
grep -qx "KEY=$SECRET" "$WS/.env" && [ "$(wc -l <"$WS/.env")" = 1 ] ||
	fail ".env changed: $(cat "$WS/.env")"
end_test

begin_test "explain says the write grant on .env is not in force, and why"
"$FSJAIL" explain --workspace "$WS" .env >"$OUT" 2>"$ERR"
grep -E '^ +write +allow' "$OUT" | grep -q 'not in force: its read deny hides it with a mount mask' ||
	fail "explain: $(cat "$OUT")"
end_test

done_testing
