#!/bin/bash
# One trusted TMPDIR everywhere (tidy13). A TMPDIR at or above the home
# was ignored with a warning (t0309), but /home with a home elsewhere
# (root's /root) was still granted everything, and the backup (temporary
# files are not saved) and the no-trash list still read the raw TMPDIR:
# a file of a --grant'ed folder under /home removed with TMPDIR=/home
# had no backup. Now a TMPDIR that is a system folder, /home or above
# it, in another user's home, or at or above the workspace, the state or
# config folder is ignored by all of them, with the same warning. As
# root and as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0320_USER 4
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
if [ "$USER_PASS" = 1 ]; then
	D=$HOME/d # this pass's home is under /home
	mkdir -p "$D"
else
	D=$(mktemp -d /home/fsjail-t0320.XXXXXX) || bail_out "no folder in /home"
	trap 'rm -rf "$D"' EXIT
fi

begin_test "TMPDIR=/home: a create under /home is refused, and said"
# as root with root's home, /root: /home does not hold it
if [ "$USER_PASS" = 1 ]; then h=$HOME; else h=/root; fi
HOME=$h TMPDIR=/home fsj -- touch "$D/escaped"
assert_rc_not 0
assert_not_exists "$D/escaped"
assert_err_match "warning: TMPDIR '/home' .*not granted"
end_test

begin_test "TMPDIR=/home: a file removed under /home is backed up"
echo precious >"$D/keep"
TMPDIR=/home fsj --grant "all:$D" -- rm "$D/keep"
assert_rc 0
assert_not_exists "$D/keep"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$D/keep" precious
end_test

begin_test "TMPDIR above the state folder: ignored"
mkdir -p "$D/st"
chmod 755 "$D" "$D/st"
[ "$USER_PASS" = 1 ] || chown -R "$(id -u):$(id -g)" "$D"
FSJAIL_HOME=$D/st TMPDIR=$D fsj -- touch "$D/escaped2"
assert_rc_not 0
assert_not_exists "$D/escaped2"
assert_err_match "warning: TMPDIR '$D' holds fsjail's folder"
end_test

begin_test "TMPDIR above the workspace: ignored"
mkdir -p "$D/w"
(cd "$D/w" && TMPDIR=$D "$FSJAIL" run --workspace "$D/w" -- sh -c 'touch ok; touch ../escaped3') >"$OUT" 2>"$ERR"
RC=$?
assert_exists "$D/w/ok"
assert_not_exists "$D/escaped3"
assert_err_match "warning: TMPDIR '$D' holds the workspace '$D/w'"
end_test

end_user_pass
done_testing
