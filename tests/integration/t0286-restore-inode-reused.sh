#!/bin/bash
# `backups restore` takes a name the run made only while it holds the
# object the run made (att8). The "created" record names that object by
# device and inode number; ext4 gives a freed inode number to the next file
# made, so a user who removed the run's file and made another at the same
# name (rm f; generate f again, or an editor's second save by rename) had
# that new file taken as "made by the run" (moved to the trash); a file of
# the user's the run renamed, removed after the run and made again on the
# freed number, was moved back to the old name. An object born after the
# record was written is not the run's: it is left.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

# reuse NAME INO: make $WS/NAME again (content "user's work") until it
# gets inode number INO; false when the filesystem gives another.
reuse()
{
	local i
	for i in $(seq 1 400); do
		echo "user's work" >"$WS/$1"
		[ "$(stat -c %i "$WS/$1")" = "$2" ] && return 0
		mv "$WS/$1" "$WS/pad.$1.$i"
	done
	return 1
}

fsj_sh -- 'echo run >made'
assert_rc 0
ino=$(stat -c %i "$WS/made")
rm -f "$WS/made"
if ! reuse made "$ino"; then
	skip "the filesystem under $WS gave no freed inode number again"
else
	begin_test "the run's file removed and the name made again with its inode number: left"
	ws_restore
	assert_content "$WS/made" "user's work"
	end_test
fi

echo "the user's file" >"$WS/old"
fsj_sh -- 'mv old new'
assert_rc 0
ino=$(stat -c %i "$WS/new")
rm -f "$WS/new"
if ! reuse new "$ino"; then
	skip "the filesystem under $WS gave no freed inode number again"
else
	begin_test "a renamed file removed after the run, the name made again on its number: not moved back"
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_content "$WS/new" "user's work"
	end_test
fi

begin_test "the run's own file is still taken"
fsj_sh -- 'echo run >mine-not'
assert_rc 0
ws_restore
[ ! -e "$WS/mine-not" ] || fail "the run's own file was left"
end_test

done_testing
