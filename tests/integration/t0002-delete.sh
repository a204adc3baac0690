#!/bin/bash
# The workspace grants read, write, create and execute but not delete
# (DESIGN.md section 4): rm, rmdir, mv out of a folder and os.remove fail
# and the files remain, while writing and creating work. A rule granting
# delete on the folder makes the same deletes succeed (issue 2, test 2).
. "$(dirname "$0")/libtest.sh"

plan 10
setup
require_landlock

populate()
{
	rm -rf "$WS/d" "$WS/other"
	mkdir -p "$WS/d/sub" "$WS/d/full" "$WS/other"
	for f in a b c p u; do
		echo "$f" >"$WS/d/$f"
	done
	echo x >"$WS/d/full/x"
}

populate
clear_rules

begin_test "rm of a workspace file fails and the file remains"
fsj -- rm d/a
assert_denied
assert_content "$WS/d/a" a
fsj -- rm -f d/a
assert_denied
assert_content "$WS/d/a" a
fsj -- unlink d/u
assert_denied
assert_content "$WS/d/u" u
end_test

begin_test "rmdir and rm -r fail and the folders remain"
fsj -- rmdir d/sub
assert_denied
assert_dir "$WS/d/sub"
fsj -- rm -rf d/full
assert_denied
assert_content "$WS/d/full/x" x
end_test

begin_test "mv out of the folder (and a rename inside it) fails"
fsj -- mv d/b other/
assert_denied
assert_content "$WS/d/b" b
assert_not_exists "$WS/other/b"
fsj -- mv d/b d/b2
assert_denied
assert_content "$WS/d/b" b
assert_not_exists "$WS/d/b2"
end_test

begin_test "python3 os.remove, os.rename and shutil.rmtree fail"
fsj -- python3 -c 'import os; os.remove("d/p")'
assert_failed
assert_err_match 'PermissionError|Permission denied'
assert_content "$WS/d/p" p
fsj -- python3 -c 'import os; os.rename("d/c", "other/c")'
assert_failed
assert_content "$WS/d/c" c
assert_not_exists "$WS/other/c"
fsj -- python3 -c 'import shutil; shutil.rmtree("d/full")'
assert_failed
assert_content "$WS/d/full/x" x
end_test

begin_test "without delete, writing and creating in the workspace work"
fsj_sh -- 'echo more >> d/a && echo new > d/new && mkdir d/newdir && : > d/newdir/f'
assert_rc 0
assert_content "$WS/d/a" "a
more"
assert_content "$WS/d/new" new
assert_exists "$WS/d/newdir/f"
end_test

populate
# A relative rule path resolves against the workspace.
write_rules <<EOF
rules:
  - id: delete-in-d
    path: d
    allow: [delete]
EOF

begin_test "with delete granted on the folder: rm and unlink succeed"
fsj -- rm d/a
assert_rc 0
assert_not_exists "$WS/d/a"
fsj -- unlink d/u
assert_rc 0
assert_not_exists "$WS/d/u"
end_test

begin_test "with delete granted: rmdir and rm -r succeed"
fsj -- rmdir d/sub
assert_rc 0
assert_not_exists "$WS/d/sub"
fsj -- rm -r d/full
assert_rc 0
assert_not_exists "$WS/d/full"
end_test

begin_test "with delete granted: mv out of the folder succeeds"
fsj -- mv d/b other/
assert_rc 0
assert_not_exists "$WS/d/b"
assert_content "$WS/other/b" b
end_test

begin_test "with delete granted: python3 os.remove succeeds"
fsj -- python3 -c 'import os; os.remove("d/p")'
assert_rc 0
assert_not_exists "$WS/d/p"
end_test

begin_test "delete granted on d does not reach a sibling folder"
echo keep >"$WS/other/keep"
fsj -- rm other/keep
assert_denied
assert_content "$WS/other/keep" keep
end_test

done_testing
