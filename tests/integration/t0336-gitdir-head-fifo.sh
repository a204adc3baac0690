#!/bin/bash
# A FIFO at HEAD of a folder shaped as a gitdir does not hang fsjail
# (att11). The repository scan read HEAD with a blocking open(2), so a
# command that made evil/objects, evil/refs and a FIFO evil/HEAD left
# the run that made it hanging after the command ended (its cycle never
# committed), and every later run and `status` in that workspace hanging
# before anything ran. HEAD is now read only when it is a regular file,
# opened without waiting. Run as root and again as the ordinary user
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_HEADFIFO_USER_PASS 2
setup
require_landlock

# CMD...: run with a time limit (SIGKILL after 60 s); sets RC (137 hung)
limited()
{
	timeout -s KILL 60 "$@" >"$OUT" 2>"$ERR"
	RC=$?
}

# No FIFO is made in a gitdir any more (t0590): the run's is refused, and
# the host makes one for the later runs to meet.
begin_test "the run that makes the FIFO ends, its FIFO refused"
echo old >"$WS/f"
limited "$FSJAIL" run --workspace "$WS" -- sh -c \
	'mkdir -p evil/objects evil/refs && echo new >f && { mkfifo evil/HEAD || true; } && echo made'
[ "$RC" != 137 ] || fail "fsjail hung (killed after 60 s)"
assert_rc 0
assert_out_eq "made"
[ ! -p "$WS/evil/HEAD" ] || fail "the run made a FIFO at evil/HEAD"
mkfifo "$WS/evil/HEAD" || bail_out "mkfifo"
end_test

begin_test "later runs, status and restore end too"
limited "$FSJAIL" run --workspace "$WS" -- echo second
[ "$RC" != 137 ] || fail "fsjail run hung (killed after 60 s)"
assert_rc 0
assert_out_eq "second"
limited "$FSJAIL" status --workspace "$WS"
[ "$RC" != 137 ] || fail "fsjail status hung (killed after 60 s)"
assert_rc 0
limited "$FSJAIL" backups restore --workspace "$WS"
[ "$RC" != 137 ] || fail "fsjail backups restore hung (killed after 60 s)"
assert_rc 0
assert_content "$WS/f" old
end_test

end_user_pass
done_testing
