#!/bin/bash
# The run's private folder (TMUX_TMPDIR) is made in /tmp/fsjail-run-UID/,
# so that the sweep of folders left by killed runs reads that folder's few
# entries, not all of /tmp (perf23):
#   - the folder is PID.XXXXXX there, removed after the run; a stale one
#     of a dead pid is removed, one of a live pid kept (its run goes on);
#   - a parent that is not ours alone (opened to others) is not used: the
#     folder is /tmp/fsjail-run.PID.XXXXXX as before, and /tmp is swept
#     of such folders of dead pids; the parent is left as it was.
# t0359 tests tmux in a run.
. "$(dirname "$0")/libserial.sh" tmp
plan_user_pass FSJ_RUNTMP_USER_PASS 2
setup
require_landlock

U=$(id -u)
P=/tmp/fsjail-run-$U
DEAD=$(sh -c 'echo $$')
sleep 300 &
LIVE=$!
trap 'kill $LIVE 2>/dev/null; chmod 0700 "$P" 2>/dev/null
rm -rf "$P/$DEAD.t0374d" "$P/$LIVE.t0374l" "/tmp/fsjail-run.$DEAD.t0374o"; cleanup' EXIT

# priv: the run's TMUX_TMPDIR into $OUT as PRIV=...
priv()
{
	fsj_sh -- 'echo "PRIV=$TMUX_TMPDIR"; [ -d "$TMUX_TMPDIR" ] && echo DIR-OK'
	assert_rc 0
	assert_out_match "^DIR-OK$"
	PRIV=$(sed -n 's/^PRIV=//p' "$OUT")
}

begin_test "in the parent folder: removed after the run, a dead pid's swept, a live one's kept"
mkdir -p -m 0700 "$P" && mkdir "$P/$DEAD.t0374d" "$P/$LIVE.t0374l" ||
	bail_out "cannot make the stale folders"
priv
assert_out_match "^PRIV=$P/[0-9]+\.[0-9a-f]{6}$"
assert_not_exists "$PRIV"
assert_not_exists "$P/$DEAD.t0374d"
assert_exists "$P/$LIVE.t0374l"
[ "$(stat -c %a "$P")" = 700 ] || fail "the parent is mode $(stat -c %a "$P")"
end_test

begin_test "a parent open to others is not used: /tmp as before, swept there"
chmod 0755 "$P"
mkdir "/tmp/fsjail-run.$DEAD.t0374o" || bail_out "cannot make a stale folder in /tmp"
priv
chmod 0700 "$P"
assert_out_match "^PRIV=/tmp/fsjail-run\.[0-9]+\.[0-9a-f]{6}$"
assert_not_exists "$PRIV"
assert_not_exists "/tmp/fsjail-run.$DEAD.t0374o"
assert_exists "$P/$LIVE.t0374l"
end_test

end_user_pass
done_testing
