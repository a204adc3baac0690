#!/bin/bash
# The broker judges each request's sender (t0402-t0404), and judged every
# request of one process as if it had never seen it (tidy23): the walk up
# its parents read one /proc/PID/stat per ancestor per request, about a
# third of the judging's cost (broker-caller.c). A sender is now known by
# the inode of its pidfd on pidfs (one per process, never given again),
# not by its pid: a known sender whose parent is the one it had is not
# walked again; one whose parent exited (reparented to init) is walked,
# and refused. Measured with tests/helpers/sender-walk, which plays the
# supervisor and counts the walk's reads (no timing).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
SW=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/sender-walk
[ -x "$SW" ] || bail_out "no sender-walk at '$SW' (make check builds it)"

run_cmd "$SW" 100
if grep -q 'pidfs=0' "$OUT"; then
	skip_kernel "pidfds are not on pidfs (Linux 6.9): a sender cannot be known by its pidfd"
else
	begin_test "100 requests of one sender three levels down: its parents are read once, not per request"
	assert_rc 0
	assert_out_match '^walks=3 served=100 pidfs=1$'
	end_test
fi

begin_test "a known sender whose parent exited is walked again and refused"
run_cmd "$SW" 20 reparent
assert_rc 0
assert_out_match '^walks=[0-9]+ served=1 pidfs=[01]$'
end_test

done_testing
