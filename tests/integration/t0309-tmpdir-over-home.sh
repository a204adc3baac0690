#!/bin/bash
# A TMPDIR at or above the home folder is not granted (user8). The
# baseline grants $TMPDIR all five capabilities, like /tmp, and fsjail
# took TMPDIR as given: with TMPDIR=/ (or the home folder itself) every
# command could write, create and delete anywhere in the home (a file
# made in ~, ~/.bash_logout_x...), without a word. It is now left out,
# with a warning; a TMPDIR below the home keeps its grant.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "TMPDIR=/: a create in the home is refused, and the warning says why"
TMPDIR=/ fsj -- touch "$HOME/escaped"
assert_rc_not 0
assert_not_exists "$HOME/escaped"
assert_err_match "TMPDIR '/' holds the home folder"
end_test

begin_test "TMPDIR=\$HOME: explain grants nothing there"
TMPDIR=$HOME run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/escaped"
assert_rc 0
assert_out_match "create +deny +default"
assert_err_match "TMPDIR '$HOME' holds the home folder"
end_test

begin_test "a TMPDIR below the home keeps its grant"
mkdir -p "$HOME/mytmp"
TMPDIR=$HOME/mytmp fsj -- touch "$HOME/mytmp/t"
assert_rc 0
assert_exists "$HOME/mytmp/t"
assert_out_nomatch "holds the home folder"
end_test

done_testing
