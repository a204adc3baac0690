#!/bin/bash
# an implicit workspace (the current directory) is refused when it
# is /, $HOME itself or inside a protected tree, but not when it contains
# $HOME: run from the folder above a home that is not directly under a
# user-data root (/home/users/alice, /srv/home/alice, /var/lib/svc), and
# the whole home - keys included - is readable and writable. A workspace
# that is an ancestor of $HOME must be refused unless named explicitly.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

SECRET=ABOVE-HOME-c40
mkdir -p "$HOME/.ssh"
echo "$SECRET" >"$HOME/.ssh/id_ed25519"

begin_test "the folder above \$HOME is not taken as the workspace"
cd "$T" || bail_out "cannot enter $T"
"$FSJAIL" run -- cat "$HOME/.ssh/id_ed25519" >"$OUT" 2>"$ERR"
RC=$?
cd "$WS" || bail_out "cannot enter $WS"
assert_out_nomatch "$SECRET"
assert_rc 125
end_test

done_testing
