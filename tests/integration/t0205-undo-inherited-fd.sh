#!/bin/bash
# A descriptor the command inherits from fsjail's caller (`fsjail run --
# cmd 3<>file`, `>> log`) was opened before the run: its writes,
# ftruncate, fallocate and MAP_SHARED stores pass no open the listener
# traps, so before this fix such a change had no backup and `backups
# restore` said "no backup cycle" (issue 14 item 1; src/backup_inherited.c).
# Each case destroys a workspace file through an inherited descriptor and
# asserts that `backups restore` brings it back byte for byte; a read-only
# one needs no backup and runs; one whose backup cannot be kept (over
# backup.max_size_mb with on_too_large: refuse) refuses the run and runs
# nothing. As root and again as the ordinary user FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
SELF_DIR=$TEST_DIR
SELF=$(basename "$0")

USER_PASS=${FSJ_INHERIT_USER_PASS:-0}
TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
if [ "$USER_PASS" = 1 ]; then plan 4; else plan 5; fi
setup
require_landlock

# victim NAME: a file of random text in the workspace, its copy in $T/NAME.orig.
victim()
{
	head -c 6000 /dev/urandom | base64 >"$WS/$1"
	cp "$WS/$1" "$T/$1.orig"
}

# restored NAME: `backups restore NAME` brings the original back byte for byte.
restored()
{
	cmp -s "$WS/$1" "$T/$1.orig" && fail "$1 was not changed: the case proves nothing"
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS" "$WS/$1") >"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	cmp -s "$WS/$1" "$T/$1.orig" || fail "$1 is not back byte for byte after backups restore"
}

begin_test "written over through an inherited read-write descriptor (3<>file)"
victim v1
fsj_sh -- 'printf "PWNED" >&3' 3<>"$WS/v1"
assert_rc 0
restored v1
end_test

begin_test "ftruncate of an inherited append-only stdout (>> file)"
victim v2
if command -v python3 >/dev/null; then
	"$FSJAIL" run --workspace "$WS" -- python3 -c 'import os; os.ftruncate(1, 0)' >>"$WS/v2" 2>"$ERR"
	RC=$?
	assert_rc 0
	restored v2
else
	skip "no python3"
fi
end_test

begin_test "a read-only inherited descriptor needs no backup, and the run goes on"
victim v3
fsj_sh -- 'head -c 4 <&3 >/dev/null && echo ran' 3<"$WS/v3"
assert_rc 0
assert_out_match "^ran$"
end_test

begin_test "an inherited descriptor whose backup cannot be kept refuses the run"
write_config <<EOF
backup:
  max_size_mb: 1
  on_too_large: refuse
EOF
head -c 2000000 /dev/urandom >"$WS/big"
cp "$WS/big" "$T/big.orig"
fsj_sh -- 'printf "PWNED" >&3; echo ran' 3<>"$WS/big"
assert_rc_not 0
assert_out_nomatch "ran"
cmp -s "$WS/big" "$T/big.orig" || fail "big changed although the run was refused"
clear_rules
end_test

[ "$USER_PASS" = 1 ] || user_pass "$SELF_DIR" "$SELF" FSJ_INHERIT_USER_PASS "$TEST_USER"
done_testing
