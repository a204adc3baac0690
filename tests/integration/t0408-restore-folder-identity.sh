#!/bin/bash
# A folder at a renamed folder's old name is taken for it only by
# identity (att22). The restore skipped making a removed folder again
# ("rmdir") when a folder renamed to that name in the cycle had "gone
# back" to its old name, and took any folder found at the old name for
# one a restore had made again: the run's own folder there (made by the
# run, or the other half of a RENAME_EXCHANGE) passed, the removed
# folder was never made again, and `fsjail backups restore` said
# nothing. Now a folder the cycle's records name by identity (dev, ino)
# is never that folder.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0408_USER_PASS 5
setup
require_landlock
. "$TEST_DIR/librestore.sh"
folder_back()
{
	[ -d "$1" ] || [ ! -e "$1" ] || fail "$1 is back, but not as a folder"
	mode_back "$1" "$2"
}

begin_test "RENAME_EXCHANGE of D and an empty G, then rmdir D (the old G): G comes back"
case_dir c1
mkdir D G && echo x >D/x && chmod 750 G
fsj_sh -- 'python3 -c "$1" D G 2 && rmdir D' "$RENAMEAT2"
assert_rc 0
[ ! -e D ] && [ -f G/x ] || bail_out "the run did not exchange and remove: $(cat "$OUT" "$ERR")"
ws_restore
assert_content "$WS/c1/D/x" x
folder_back "$WS/c1/G" 750
end_test

begin_test "RENAME_EXCHANGE of two empty folders, then rmdir of both names: both come back"
case_dir c2
mkdir A B && chmod 700 A && chmod 750 B
fsj_sh -- 'python3 -c "$1" A B 2 && rmdir A B' "$RENAMEAT2"
assert_rc 0
ws_restore
folder_back "$WS/c2/A" 700
folder_back "$WS/c2/B" 750
end_test

begin_test "F moved into E, a new F renamed over E/F (rename(2)): F comes back"
case_dir c3
mkdir E F && chmod 750 F
fsj -- python3 -c 'import os; os.rename("F", "E/F"); os.mkdir("F"); os.rename("F", "E/F")'
assert_rc 0
ws_restore
folder_back "$WS/c3/F" 750
[ ! -e E/F ] || fail "E/F (the run's folder) is still there"
end_test

begin_test "D/x renamed over E/y, D and E exchanged, then rmdir E (the old D): all back"
case_dir c5
mkdir D E && echo dx >D/x && echo ey >E/y
fsj_sh -- 'mv D/x E/y && python3 -c "$1" D E 2 && rmdir E' "$RENAMEAT2"
assert_rc 0
[ ! -e E ] && [ -f D/y ] || bail_out "the run did not do its renames: $(cat "$OUT" "$ERR")"
ws_restore
assert_content "$WS/c5/D/x" dx
assert_content "$WS/c5/E/y" ey
[ ! -e D/y ] || fail "D/y (the run's name) is still there"
end_test

begin_test "a second restore still finds the folder back (mv a b; rm -rf b)"
case_dir c4
mkdir a && echo f >a/f
fsj_sh -- 'mv a b && rm -rf b'
assert_rc 0
ws_restore
assert_content "$WS/c4/a/f" f
ws_restore
assert_content "$WS/c4/a/f" f
[ ! -e b ] || fail "b is there after the second restore"
end_test

end_user_pass
done_testing
