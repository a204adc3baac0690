#!/bin/bash
# The trash fsjail sends deletes to is out of the command's reach where
# $XDG_DATA_HOME puts it, as ~/.local/share/Trash is (att9). The baseline
# denies ~/.local/share/Trash whatever the rules say, "($XDG_DATA_HOME
# elsewhere is not covered)": with XDG_DATA_HOME=~/data and a grant on
# ~/data for some tool, a command read what earlier runs of any
# workspace had deleted (their files in Trash/files), and changed where
# the trash puts a file back (Path= of its .trashinfo: ~/.bashrc). As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0312_USER 2
setup
require_landlock
export XDG_DATA_HOME=$HOME/data
mkdir -p "$XDG_DATA_HOME" "$HOME/ws2"
cd "$WS" || bail_out "cannot enter $WS"
echo "deleted secret" >"$WS/old"
fsj -- rm old
assert_rc 0
ls "$XDG_DATA_HOME/Trash/files/old" >/dev/null 2>&1 || bail_out "rm did not go to $XDG_DATA_HOME/Trash"

begin_test "the trash under \$XDG_DATA_HOME cannot be read from inside, a grant on it or not"
cd "$HOME/ws2" || bail_out "no ws2"
run_cmd "$FSJAIL" run --workspace "$HOME/ws2" --grant "all:$XDG_DATA_HOME" -- \
	sh -c 'cat "$XDG_DATA_HOME/Trash/files/old"; ls "$XDG_DATA_HOME/Trash/info"'
assert_out_nomatch 'deleted secret'
assert_out_nomatch 'old\.trashinfo'
end_test

begin_test "the trash under \$XDG_DATA_HOME cannot be changed from inside"
cp "$XDG_DATA_HOME/Trash/info/old.trashinfo" "$T/info.before"
run_cmd "$FSJAIL" run --workspace "$HOME/ws2" --grant "all:$XDG_DATA_HOME" -- \
	sh -c 'printf "[Trash Info]\nPath=%s/.bashrc\n" "$HOME" >"$XDG_DATA_HOME/Trash/info/old.trashinfo"
mv "$XDG_DATA_HOME/Trash/files/old" "$XDG_DATA_HOME/Trash/files/new"'
cmp -s "$T/info.before" "$XDG_DATA_HOME/Trash/info/old.trashinfo" ||
	fail "the command rewrote where the trash puts 'old' back: $(cat "$XDG_DATA_HOME/Trash/info/old.trashinfo")"
[ -f "$XDG_DATA_HOME/Trash/files/old" ] || fail "the command renamed a file in the trash"
cd "$WS" || bail_out "cannot enter $WS"
end_test

end_user_pass
done_testing
