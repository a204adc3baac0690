#!/bin/bash
# A TMPDIR reached through another user's entry is not granted (att11).
# With TMPDIR=/tmp/NAME (a common setting: /tmp/$USER) and no such folder
# yet, another local user made /tmp/NAME a symlink into this user's home
# (~/Documents); tmpdir.c resolved it, found a folder under the user's
# own home and kept it, so the baseline's $TMPDIR grant gave the command
# read, write, create and delete on ~/Documents (where fs.protected_symlinks
# is 0; with 1 the kernel refuses the symlink itself). It is now left out
# with a warning, as is a TMPDIR that does not exist (another user could
# make it before the run opens it); the user's own symlink keeps its
# grant. Test 1 as root, with FSJAIL_TEST_USER as the other user (an
# ordinary user has no other user here but root, whom it trusts).
. "$(dirname "$0")/libtest.sh"
plan 3
setup
require_landlock
user=${FSJAIL_TEST_USER:-cloudsdk}
mkdir -p "$HOME/Documents"
echo precious >"$HOME/Documents/thesis"
L=$(mktemp -u /tmp/fsjail-t0335.XXXXXX)
trap 'rm -f "$L" "$L-own"; cleanup' EXIT

if ! is_root; then
	skip_root "the other user's symlink is made by runuser"
elif ! id "$user" >/dev/null 2>&1 || ! command -v runuser >/dev/null; then
	skip_kernel "no user '$user' or no runuser: no other user to plant a symlink"
else
begin_test "TMPDIR through another user's symlink into the home: not granted, and said"
runuser -u "$user" -- ln -s "$HOME/Documents" "$L" || bail_out "runuser ln failed"
TMPDIR=$L fsj_sh -- 'ls "$TMPDIR"; echo x >"$TMPDIR/planted"; rm -f "$TMPDIR/thesis"; true'
assert_rc 0
[ ! -s "$OUT" ] || fail "the command listed ~/Documents: $(cat "$OUT")"
assert_not_exists "$HOME/Documents/planted"
assert_content "$HOME/Documents/thesis" precious
assert_err_match "warning: TMPDIR '$L' is reached through an entry of another user's.*not granted"
end_test
fi

begin_test "TMPDIR absent: not granted, and said"
rm -f "$L"
TMPDIR=$L fsj -- true
assert_rc 0
assert_err_match "warning: TMPDIR '$L' is reached through .*an absent one.*not granted"
end_test

begin_test "TMPDIR through the user's own symlink keeps its grant"
mkdir -p "$HOME/mytmp"
ln -s "$HOME/mytmp" "$L-own"
TMPDIR=$L-own fsj_sh -- 'echo made >"$TMPDIR/t" && cat "$TMPDIR/t"'
assert_rc 0
assert_out_eq "made"
assert_content "$HOME/mytmp/t" made
! grep -q "warning: TMPDIR" "$ERR" || fail "warned: $(cat "$ERR")"
end_test

done_testing
