#!/bin/bash
# `fsjail check` of `grep -r` (chk38): the folder it searches was read as
# one path, so `grep -r KEY .` over a workspace with `deny: [read]` on
# .env was "allow" while the run refuses the read of .env (grep -r reads
# hidden files too). A recursive grep's operands are now recursive reads,
# decided as `rm -r` is: a denied path beneath refuses, with its rule.
# A search of a folder with no deny beneath stays allowed.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
setup
git_ws
mkdir -p src && echo one >src/a.c && echo S=1 >.env
write_rules <<'R'
rules:
  - path: .env
    deny: [read]
R

begin_test "grep -r over a read-denied file is not allowed"
check_not_allowed 'grep -r S .' 'grep -rn S' 'grep -R S "$PWD"' 'cd src && grep -r S ..'
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'grep -r S .'
assert_out_match "\.env"
end_test

begin_test "grep -r of a folder with nothing denied beneath stays allowed"
check_allowed 'grep -r one src' 'grep -rl one src/a.c' 'grep one src/a.c'
end_test

done_testing
