#!/bin/bash
# The "to allow it" line under the refusal summary (issue 12 item 4;
# src/refusal-hint.c) names a grant that would lift what was refused:
# - several refusals in one folder (npm's ~/.npm/_logs/<time>.log,
#   _cacache/tmp/<uuid>, ...: names that differ on every run) give the
#   folder they share, as a folder rule with every capability the tool
#   needs (create brings write, and on a folder delete and read where
#   reading is refused: sec12, issue 12 item 4), not the first file's name,
#   which the next run will not use;
# - a refusal of the home folder itself, or of "/" (pip reading ~, say),
#   never gets a hint to grant it: that would open the whole home.
# Found trying npm and pip as a new user (task user3); as root and as the
# ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0230_USER 3
setup
require_landlock

mkdir -p "$HOME/.cachey/logs"

begin_test "refusals spread over one folder: the hint grants that folder, every capability refused"
fsj -- sh -c 'd=$HOME/.cachey; touch "$d/logs/1700-debug.log" "$d/stamp"; mkdir -p "$d/tmp/x"; echo done' 2>/dev/null
assert_err_match "create $HOME/.cachey/logs/1700-debug.log: default"
assert_err_match "to allow them: fsjail run --grant read,write,create,delete:$HOME/\\.cachey \\.\\.\\. \\(this run only\\), or fsjail allow add read,write,create,delete $HOME/\\.cachey folder \\(kept\\)"
grep -q -- "--grant create:$HOME/.cachey/logs/1700-debug.log" "$ERR" &&
	fail "the hint names one file of the folder: $(cat "$ERR")"
end_test

begin_test "one refusal: the hint names that path, as before"
fsj -- sh -c 'touch "$HOME/.cachey/only" 2>/dev/null; echo done'
assert_err_match "to allow it: fsjail run --grant write,create:$HOME/\\.cachey/only \\.\\.\\. \\(this run only\\)"
end_test

begin_test "a refused read of the home folder itself: no hint to grant the home"
fsj --report "$T/report.ndjson" -- ls "$HOME"
assert_err_match "read $HOME: "
grep -q -- "--grant read:$HOME " "$ERR" && fail "the hint grants the home: $(cat "$ERR")"
grep -q -- "allow add read $HOME " "$ERR" && fail "the hint keeps a grant of the home: $(cat "$ERR")"
end_test

end_user_pass
done_testing
