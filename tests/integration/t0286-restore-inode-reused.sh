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
# Test 4: as an ordinary user, a run that made folders and then took its
# own rights on them (chmod 000, 0500) had every take in them fail
# (EACCES, exit 125) and the run's files left; a folder the run made (by
# identity) now gets u+rwx first.
. "$(dirname "$0")/libserial.sh" loop

plan 4
setup
require_landlock
# As root, on an ext4 of its own: no other process takes the freed number.
if is_root && command -v mkfs.ext4 >/dev/null; then
	loop_fs_home mkfs.ext4 64M "restore on a reused inode number"
fi

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

MODES='mkdir -p d/e && echo x >d/e/f && echo y >d/g && chmod 000 d/e && chmod 500 d && mkdir q && echo z >q/z && chmod 000 q'
if is_root; then
	u=$(user_folder) || bail_out "cannot make a folder for cloudsdk"
	runuser -u cloudsdk -- mkdir "$u/ws"
	as_user "$u" bash -c 'cd "$1" && "$2" run --workspace "$1" -- bash -c "$3" &&
		"$2" backups restore --workspace "$1"' bash "$u/ws" "$FSJAIL" "$MODES"
	left=$(cd "$u/ws" && ls -A)
	chmod -R u+rwX "$u/ws"
	rm -rf "$u"
else
	mkdir "$HOME/ws4"
	(cd "$HOME/ws4" && "$FSJAIL" run --workspace "$HOME/ws4" -- bash -c "$MODES" &&
		"$FSJAIL" backups restore --workspace "$HOME/ws4") >"$OUT" 2>"$ERR"
	RC=$?
	left=$(cd "$HOME/ws4" && ls -A)
	chmod -R u+rwX "$HOME/ws4"
fi
begin_test "an ordinary user's restore takes the run's folders that the run made 000 or 0500"
assert_rc 0
[ -z "$left" ] || fail "left in the workspace: $left"
end_test

done_testing
