#!/bin/bash
# An extended attribute set, changed or removed on a file older than the
# run is undone by `fsjail backups restore` (att15): restore put back
# content, mode, owner and times, never xattrs, so a command's setfattr
# on a workspace file outlived the undo (user.* attributes feed tools:
# Samba's user.DOSATTRIB, Bazel's digest attribute, overlayfs's
# user.overlay.*). The file's content is now saved before the change (its
# cycle copy keeps the xattrs) and the in-place restore gives the user.*
# ones back, removing those the run added; a folder older than the run,
# which has no such copy, is refused (src/notify-meta.c save_xattrs()).
# Tests 1 and 2 fail before; test 3 guards the run's own folders.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_XATTR_UNDO_USER_PASS 3
setup
require_landlock
command -v python3 >/dev/null || skip_rest_kernel "no python3"
python3 -c 'import os,sys; os.setxattr(sys.argv[1], "user.probe", b"1"); os.removexattr(sys.argv[1], "user.probe")' "$WS" 2>/dev/null ||
	skip_rest_kernel "this filesystem keeps no user.* extended attributes"

# attrs FILE...: each FILE's user.* attributes, "FILE NAME=VALUE", sorted.
attrs()
{
	python3 -c '
import os, sys
for f in sys.argv[1:]:
    for n in sorted(os.listxattr(f)):
        if n.startswith("user."):
            print(f, n + "=" + os.getxattr(f, n).decode())' "$@"
}

begin_test "user.* attributes set, changed and removed by path and descriptor come back"
cd "$WS" || bail_out "no workspace"
echo a >a
echo b >b
python3 -c 'import os; os.setxattr("a", "user.keep", b"orig"); os.setxattr("b", "user.gone", b"g")'
before=$(attrs a b)
fsj -- python3 -c '
import os
os.setxattr("a", "user.added", b"1")
os.setxattr("a", "user.keep", b"CHANGED")
fd = os.open("b", os.O_RDONLY)
os.removexattr(fd, "user.gone")
os.setxattr(fd, "user.fd", b"2")
print("DONE")'
assert_rc 0
assert_out_match '^DONE$'
[ "$(attrs a b)" != "$before" ] || fail "the run changed no attribute"
run_cmd "$FSJAIL" backups restore
assert_rc 0
[ "$(attrs a b)" = "$before" ] || fail "after restore: '$(attrs a b | tr '\n' ' ')', before: '$(echo "$before" | tr '\n' ' ')'"
assert_content a "a"
run_cmd "$FSJAIL" backups restore
[ "$(attrs a b)" = "$before" ] || fail "a second restore changed them: $(attrs a b | tr '\n' ' ')"
end_test

begin_test "a folder older than the run: its attributes are refused, said, and unchanged"
mkdir -p "$WS/old"
fsj -- python3 -c '
import os
try:
    os.setxattr("old", "user.x", b"1")
    print("SET")
except PermissionError:
    print("REFUSED")'
assert_rc 0
assert_out_match '^REFUSED$'
assert_err_match "extended attribute on a folder or special file older than the run"
[ -z "$(attrs "$WS/old")" ] || fail "the folder has: $(attrs "$WS/old")"
end_test

begin_test "the run's own folders and files take attributes"
fsj -- python3 -c '
import os
os.mkdir("new")
os.setxattr("new", "user.x", b"1")
open("new/f", "w").close()
os.setxattr("new/f", "user.y", b"2")
print("SET")'
assert_rc 0
assert_out_match '^SET$'
[ "$(attrs "$WS/new" "$WS/new/f" | wc -l)" = 2 ] || fail "attributes: $(attrs "$WS/new" "$WS/new/f")"
end_test

end_user_pass
done_testing
