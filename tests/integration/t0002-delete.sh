#!/bin/bash
# The workspace grants all five capabilities (DESIGN.md section 4): with
# no rules file rm, rmdir, mv and os.remove work there. A user who wants
# deletes refused writes deny: [delete]: then they fail and the files
# remain, while writing and creating still work (issue 2, test 2; issue 12).
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
# A relative rule path resolves against the workspace.
write_rules <<EOF
rules:
  - id: no-delete
    path: .
    deny: [delete]
EOF

begin_test "deny: [delete] on the workspace: rm of a workspace file fails and the file remains"
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

begin_test "deny: [delete]: rmdir and rm -r fail and the folders remain"
fsj -- rmdir d/sub
assert_denied
assert_dir "$WS/d/sub"
fsj -- rm -rf d/full
assert_denied
assert_content "$WS/d/full/x" x
end_test

begin_test "deny: [delete]: mv out of the folder (and a rename inside it) fails"
fsj -- mv d/b other/
assert_denied
assert_content "$WS/d/b" b
assert_not_exists "$WS/other/b"
fsj -- mv d/b d/b2
assert_denied
assert_content "$WS/d/b" b
assert_not_exists "$WS/d/b2"
end_test

begin_test "deny: [delete]: python3 os.remove, os.rename and shutil.rmtree fail"
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

begin_test "deny: [delete]: writing and creating in the workspace still work"
fsj_sh -- 'echo more >> d/a && echo new > d/new && mkdir d/newdir && : > d/newdir/f'
assert_rc 0
assert_content "$WS/d/a" "a
more"
assert_content "$WS/d/new" new
assert_exists "$WS/d/newdir/f"
end_test

populate
clear_rules

begin_test "no rules file: rm and unlink in the workspace succeed"
fsj -- rm d/a
assert_rc 0
assert_not_exists "$WS/d/a"
fsj -- unlink d/u
assert_rc 0
assert_not_exists "$WS/d/u"
end_test

begin_test "no rules file: rmdir and rm -r succeed"
fsj -- rmdir d/sub
assert_rc 0
assert_not_exists "$WS/d/sub"
fsj -- rm -r d/full
assert_rc 0
assert_not_exists "$WS/d/full"
end_test

begin_test "no rules file: mv out of the folder succeeds"
fsj -- mv d/b other/
assert_rc 0
assert_not_exists "$WS/d/b"
assert_content "$WS/other/b" b
end_test

begin_test "no rules file: python3 os.remove succeeds"
fsj -- python3 -c 'import os; os.remove("d/p")'
assert_rc 0
assert_not_exists "$WS/d/p"
end_test

begin_test "deny: [delete] on one folder does not reach its sibling"
write_rules <<EOF
rules:
  - id: keep-other
    path: other
    deny: [delete]
EOF
echo keep >"$WS/other/keep"
fsj -- rm other/keep
assert_denied
assert_content "$WS/other/keep" keep
fsj -- rm d/c
assert_rc 0
assert_not_exists "$WS/d/c"
end_test

done_testing
