#!/bin/bash
# The workspace locks (src/hostlock.h: STATE/hostlock/ws-<hash>, one file
# per workspace, flock(2)ed by a run's listener and broker for each act)
# are out of the command's reach, as the rest of the state folder that
# names workspaces is (t0253). The folder was only write-protected: with
# a rule that opens the state folder's parent (--grant all:$HOME, state
# under ~/.local/state) a command opened its workspace's lock file for
# reading and held flock(LOCK_EX) on it, and every other run on the same
# workspace hung at its first write until that command ended (att7). The
# folder is now hidden as sessions/ and policy/ are, and made before the
# plan is compiled, as sessions/ is (made after it, the hidden folder
# refused the first run in a new state folder).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

STATE=$FSJAIL_HOME/state

begin_test "on the first run, with the state under an opened ~, the run works and the lock folder is hidden"
# A fresh state folder under ~: hostlock/ must exist before the plan is
# compiled, or the hidden folder made after it refuses the run (125).
first=$HOME/.local/fsj-first
FSJAIL_HOME=$first fsj_sh --grant "all:$HOME" -- 'ls "$1"/hostlock 2>/dev/null; for f in "$1"/hostlock/ws-*; do
python3 -c "import fcntl, sys; fcntl.flock(open(sys.argv[1]), fcntl.LOCK_EX | fcntl.LOCK_NB); print(\"LOCKED\")" "$f" 2>/dev/null; done; true' "$first/state"
assert_rc 0
assert_out_nomatch 'ws-'
assert_out_nomatch LOCKED
end_test

begin_test "with a lock file there, a later run cannot open or lock it either"
fsj_sh -- true
lock=$(find "$STATE/hostlock" -name 'ws-*' 2>/dev/null | head -1)
[ -n "$lock" ] || bail_out "no workspace lock file after a run"
fsj_sh --grant "all:$FSJAIL_HOME" -- 'python3 -c "import fcntl, sys; fcntl.flock(open(sys.argv[1]), fcntl.LOCK_EX | fcntl.LOCK_NB); print(\"LOCKED\")" "$1" 2>/dev/null; true' "$lock"
assert_rc 0
assert_out_nomatch LOCKED
end_test

done_testing
