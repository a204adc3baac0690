#!/bin/bash
# A $PATH folder written "~NAME/..." (NAME the user's own name) is
# protected as its spelling under ~ is (att10). bash(1) expands
# "~NAME" with NAME's home from the user database when it looks a
# command up, as it does a leading "~" (att9, t0311), but
# ctx-homecode.c took the element for a relative one and left it open:
# with the folder opened a command planted a program there for the
# user's next shell. The folder is made in the user's real home (the
# database's, which ~NAME names) and removed after. As root and again
# as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0329_USER 2
setup
require_landlock
ME=$(id -un)
PWHOME=$(getent passwd "$ME" | cut -d: -f6)
[ -n "$PWHOME" ] && [ -d "$PWHOME" ] && [ -w "$PWHOME" ] || bail_out "no writable home for $ME"
D=$(mktemp -d "$PWHOME/.fsjail-t0329.XXXXXX") || bail_out "no folder in $PWHOME"
trap 'rm -rf "$D"' EXIT
mkdir "$D/tools" "$D/other"
cd "$WS" || bail_out "cannot enter $WS"

begin_test "a ~NAME/ folder of \$PATH: no program planted"
# shellcheck disable=SC2088 # the literal tilde is the point
HOME=$PWHOME PATH="~$ME/${D##*/}/tools:$PATH" fsj --grant "all:$D" -- sh -c '
echo "echo PWNED" >"$1/tools/ls"; echo ok >"$1/other/f" && echo SIBLING' sh "$D"
assert_out_match '^SIBLING$'
[ -e "$D/tools/ls" ] && fail "a program was planted in $D/tools, on PATH as ~$ME/..."
assert_err_match "create $D/tools/ls: protected at a \\\$PATH folder under ~"
end_test

begin_test "bash runs what a ~NAME/ folder of \$PATH holds (why it matters)"
printf '#!/bin/sh\necho TILDE-RAN\n' >"$D/other/zzcmd"
chmod +x "$D/other/zzcmd"
# shellcheck disable=SC2088
run_cmd env PATH="~$ME/${D##*/}/other:/usr/bin:/bin" bash -c zzcmd
assert_out_match '^TILDE-RAN$'
end_test

end_user_pass
done_testing
