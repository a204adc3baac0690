# shellcheck shell=bash
# libserial.sh - libtest.sh for a test that uses state the whole machine
# shares, so that `make -j2 check` (automake's parallel harness; CI runs
# it so) never runs two tests of one group at once. Sourced in place of
# libtest.sh, first, with the group as argument:
#   . "$(dirname "$0")/libserial.sh" GROUP
# The groups, and the tests that take them:
#   tmp   this uid's fixed names in /tmp: /tmp/tmux-UID (the host's tmux
#         client makes it; a test asserts it absent), the mode of
#         /tmp/fsjail-run-UID (a test opens it to others) and the run
#         folders in it: t0359, t0361, t0374
#   loop  the machine's loop devices (a few, shared), for a home on a
#         filesystem image: t0141, t0171, t0213, t0254, t0286, t0384
#   pty   the host's /dev/pts, whose pty numbers a closed pty frees for
#         the next: a run without a devpts instance of its own refuses a
#         pty it makes on a number the host had when it started
#         (notify-pty.c pre_run_pty()), so every test that makes a pty of
#         the host: t0008, t0021, t0022, t0046, t0047, t0366, t0381,
#         t0389, t0390, t0394, t0395, t0416
# Every other test has only private names (its $T, mktemp, $$) and runs
# beside any other.

. "$(dirname "${BASH_SOURCE[0]}")/libtest.sh"

# serial GROUP: hold the lock of GROUP, the file serial-GROUP.lock in
# FSJAIL_TEST_LOCK_DIR (suites of two build trees run side by side share
# it), by default $TEST_BUILDDIR/helpers (beside the test programs;
# CLEANFILES), until this script ends. Re-executes the script (it takes
# no arguments) under `flock -o`, which waits for the lock, holds it
# while the script runs and gives the script no descriptor of it, so a
# daemon the test starts cannot keep it. Call it before any output.
# Returns at once when the script already runs under GROUP
# (FSJAIL_TEST_SERIAL, which the ordinary-user pass of user_pass
# inherits from the root pass that holds the lock), or with neither
# folder (a test run by hand runs alone). Bails out without flock(1) or
# a writable lock file: two tests might then collide.
serial()
{
	local dir=${FSJAIL_TEST_LOCK_DIR:-${TEST_BUILDDIR:+$TEST_BUILDDIR/helpers}} lock
	[ "${FSJAIL_TEST_SERIAL:-}" != "$1" ] && [ -n "$dir" ] || return 0
	lock=$dir/serial-$1.lock
	command -v flock >/dev/null || bail_out "flock(1) is needed to run this test beside others"
	mkdir -p "$dir" && : >>"$lock" || bail_out "cannot make the lock file '$lock'"
	export FSJAIL_TEST_SERIAL=$1
	exec flock -o "$lock" "$BASH" "$0"
}

serial "$1"
