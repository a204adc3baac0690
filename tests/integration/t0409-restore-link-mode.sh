#!/bin/bash
# A file put back by `fsjail backups restore` gets the mode it had before
# the run (att22), not the mode of the moment one of its names was
# removed. With c and h two names of one file: a chmod through c is
# recorded at c, then h (moved to another name by a RENAME_EXCHANGE) is
# renamed over; the removal record holds the run's mode, the restore made
# h again with it (a copy: the record of c, a "meta", was not looked at
# for another name of the file), and only c got its mode back, with
# nothing said. The content put back now takes the mode, owner and times
# of the oldest record of that file (by identity) in the cycle, and a
# removed name is linked back to the file under a name a chmod recorded,
# a name the run renamed it to, or in the folder of a name it was renamed
# from (c renamed away, or h renamed before it was renamed over: a copy
# before, no longer one file with c).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0409_USER_PASS 6
setup
require_landlock
. "$TEST_DIR/librestore.sh"
file_back()
{
	assert_content "$1" "$2"
	mode_back "$1" "$3"
}
one_file()
{
	[ "$(stat -c %d:%i "$1")" = "$(stat -c %d:%i "$2")" ] ||
		fail "$1 and $2 are not two names of one file again after the restore"
}
links_dir()
{
	case_dir "$1"
	echo c >c && ln c h && mkdir -p D/F && echo x >D/x && echo a >a && chmod 644 c
}

begin_test "RENAME_EXCHANGE of D/F and h, chmod c, D/x renamed over D/F: h and c 644"
links_dir c1
fsj_sh -- 'python3 -c "$1" D/F h 2 && chmod 600 c && mv D/x D/F' "$RENAMEAT2"
assert_rc 0
ws_restore
file_back "$WS/c1/h" c 644
file_back "$WS/c1/c" c 644
file_back "$WS/c1/D/x" x 644
one_file c h
[ -d D/F ] || fail "D/F is not a folder again"
end_test

begin_test "chmod c first, then the exchange and the rename over: h and c 644"
links_dir c2
fsj_sh -- 'chmod 600 c && python3 -c "$1" D/F h 2 && mv D/x D/F' "$RENAMEAT2"
assert_rc 0
ws_restore
file_back "$WS/c2/h" c 644
file_back "$WS/c2/c" c 644
one_file c h
end_test

begin_test "chmod h, h renamed away, a renamed over c (rename(2)): all back, 644"
links_dir c3
fsj -- python3 -c 'import os; os.chmod("h", 0o600); os.rename("h", "z"); os.rename("a", "c")'
assert_rc 0
ws_restore
file_back "$WS/c3/h" c 644
file_back "$WS/c3/c" c 644
file_back "$WS/c3/a" a 644
[ ! -e z ] || fail "z (the run's name) is still there"
end_test

begin_test "chmod c, then rm h: h comes back 644"
links_dir c4
fsj_sh -- 'chmod 600 c && rm h'
assert_rc 0
ws_restore
file_back "$WS/c4/h" c 644
file_back "$WS/c4/c" c 644
end_test

begin_test "c renamed away, then D/x renamed over h: c and h one file again"
links_dir c5
fsj_sh -- 'mv c D/F/n && mv D/x h'
assert_rc 0
ws_restore
file_back "$WS/c5/h" c 644
file_back "$WS/c5/c" c 644
file_back "$WS/c5/D/x" x 644
one_file c h
end_test

begin_test "h renamed twice, then renamed over (c never touched): c and h one file again"
links_dir c6
fsj_sh -- 'mv h n && mv n D/n && mv D/x D/n'
assert_rc 0
ws_restore
file_back "$WS/c6/h" c 644
file_back "$WS/c6/D/x" x 644
one_file c h
end_test

end_user_pass
done_testing
