#!/bin/bash
# Tiers guarded and full fence reads of the user-data roots (DESIGN.md
# section 5): a file under the fake $HOME outside any grant cannot be read
# by cat, python3, bash `read < f`, nor by a grandchild (python3 -> sh ->
# cat); a read rule reopens it; /bin/sh, python3 and git still run under the
# fence (issue 2, test 4). Tier process leaves reads open.
. "$(dirname "$0")/libtest.sh"

TIERS="guarded full"
plan 17
setup
require_landlock

SECRET=TOPSECRET-4f1c
echo "$SECRET" >"$HOME/secret.txt"
mkdir -p "$HOME/docs" "$HOME/private"
echo "DOC-ok-9a2" >"$HOME/docs/readme.txt"
echo "PRIVATE-77b" >"$HOME/private/p.txt"
echo "WORKSPACE-5d" >"$WS/in-ws.txt"

write_rules <<EOF
rules:
  - id: docs
    path: ~/docs
    allow: [read]
EOF

for tier in $TIERS; do
	begin_test "$tier: cat of a file under \$HOME outside any grant fails"
	fsj --enforce "$tier" -- cat "$HOME/secret.txt"
	assert_denied
	assert_out_nomatch "$SECRET"
	end_test

	begin_test "$tier: python3 open() of the file fails"
	fsj --enforce "$tier" -- python3 -c 'import sys; print(open(sys.argv[1]).read())' "$HOME/secret.txt"
	assert_failed
	assert_err_match 'PermissionError|Permission denied'
	assert_out_nomatch "$SECRET"
	end_test

	begin_test "$tier: bash 'read < f' fails"
	fsj_sh --enforce "$tier" -- 'read -r line < "$1"; echo "got:$line"' "$HOME/secret.txt"
	assert_err_match 'Permission denied'
	assert_out_nomatch "$SECRET"
	end_test

	begin_test "$tier: a grandchild (python3 -> sh -> cat) cannot read it either"
	fsj --enforce "$tier" -- python3 -c '
import subprocess, sys
r = subprocess.run(["sh", "-c", "cat \"$0\"; echo cat-exit=$?", sys.argv[1]])
sys.exit(0)' "$HOME/secret.txt"
	assert_rc 0
	assert_out_match 'cat-exit=[1-9]'
	assert_err_match 'Permission denied'
	assert_out_nomatch "$SECRET"
	end_test

	begin_test "$tier: listing \$HOME and a sibling folder fails"
	fsj --enforce "$tier" -- ls "$HOME" "$HOME/private"
	assert_failed
	assert_out_nomatch 'secret.txt|p.txt'
	end_test

	begin_test "$tier: a read rule reopens its folder, and only it"
	fsj --enforce "$tier" -- cat "$HOME/docs/readme.txt"
	assert_rc 0
	assert_out_eq "DOC-ok-9a2"
	fsj --enforce "$tier" -- cat "$HOME/private/p.txt"
	assert_denied
	assert_out_nomatch PRIVATE-77b
	end_test

	begin_test "$tier: /bin/sh, python3 and git --version run; the workspace is readable"
	fsj --enforce "$tier" -- /bin/sh -c 'echo sh-ok'
	assert_rc 0 "/bin/sh"
	assert_out_eq sh-ok
	fsj --enforce "$tier" -- python3 -c 'print(6 * 7)'
	assert_rc 0 "python3"
	assert_out_eq 42
	fsj --enforce "$tier" -- git --version
	assert_rc 0 "git --version"
	assert_out_match '^git version '
	fsj --enforce "$tier" -- cat in-ws.txt
	assert_rc 0 "cat in the workspace"
	assert_out_eq WORKSPACE-5d
	end_test
done

begin_test "guarded: a single-file read rule opens that file"
cat >>"$RULES" <<EOF
  - id: secret-file
    path: ~/secret.txt
    recursive: false
    allow: [read]
EOF
fsj --enforce guarded -- cat "$HOME/secret.txt"
assert_rc 0
assert_out_eq "$SECRET"
end_test

begin_test "process: reads are not fenced (a tier below guarded)"
fsj --enforce process -- cat "$HOME/private/p.txt"
assert_rc 0
assert_out_eq PRIVATE-77b
end_test

begin_test "default enforce (auto) fences reads like guarded"
fsj -- cat "$HOME/private/p.txt"
assert_denied
assert_out_nomatch PRIVATE-77b
end_test

done_testing
