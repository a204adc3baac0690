#!/bin/bash
# The probe's scratch folders leave the times of the folders they were made
# in as they found them (att26). A run with no probe cache (the first, or
# after the policy changed) made .fsjail-probe.XXXXXX in the workspace and
# in the home folder and removed it, so both folders' modification times
# became the run's, before the run's backup cycle began: `fsjail backups
# restore` then "restored" the workspace's times to the probe's, not the
# user's. As root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_PROBETIMES_USER_PASS 2
setup

old="2020-01-02 03:04:05.000000000"

# mtime DIR: DIR's modification time, to the nanosecond
mtime()
{
	date -u -d "@$(stat -c %.9Y "$1")" '+%Y-%m-%d %H:%M:%S.%N'
}

begin_test "a run that probes leaves the workspace's and home's times as they were"
rm -rf "$STATE_DIR"
touch -d "$old UTC" "$WS" "$HOME"
fsj -- true
assert_rc 0
[ "$(mtime "$WS")" = "$old" ] || fail "the workspace's mtime is $(mtime "$WS"), was $old"
[ "$(mtime "$HOME")" = "$old" ] || fail "the home folder's mtime is $(mtime "$HOME"), was $old"
end_test

begin_test "and the restore after a run gives the workspace back its own times"
rm -rf "$STATE_DIR"
mkdir "$WS/d"
touch -d "$old UTC" "$WS"
fsj -- bash -c 'mv d e && mkdir d'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_dir "$WS/d"
assert_not_exists "$WS/e"
[ "$(mtime "$WS")" = "$old" ] || fail "after the restore the workspace's mtime is $(mtime "$WS"), was $old"
end_test

end_user_pass
done_testing
