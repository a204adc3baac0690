#!/bin/bash
# An extended attribute restore cannot give back stays off a file older
# than the run (att17). The listener saved the file's content before an
# xattr change (att15, t0368) but `backups restore` gives back only the
# user.* ones (src/restore-xattr.c): a name of another namespace the owner
# may set, btrfs's btrfs.compression here, NFS's system.nfs4_acl (an ACL
# the mode does not show), outlived the undo. Such a name on a file older
# than the run is now refused (src/notify-meta-guard.c save_xattrs());
# user.* attributes and the run's own files still take them. Test 1 fails
# before.
. "$(dirname "$0")/libserial.sh" loop

plan 2
setup
require_landlock
command -v python3 >/dev/null || skip_rest_kernel "no python3"
loop_fs_home mkfs.btrfs 128M "btrfs's own extended attributes" -q

begin_test "a btrfs.* attribute on a file older than the run is refused and not left after restore"
echo data >old
fsj -- python3 -c '
import os
for n, v in (("btrfs.compression", b"zstd"),):
    try:
        os.setxattr("old", n, v)
        print("SET", n)
    except OSError as e:
        print("REFUSED", n, e.errno)'
assert_rc 0
assert_out_match '^REFUSED btrfs.compression'
assert_err_match "restore could not"
run_cmd "$FSJAIL" backups restore
left=$(python3 -c 'import os; print(" ".join(os.listxattr("old")))')
[ -z "$left" ] || fail "after the run and restore the file has: $left"
end_test

begin_test "user.* on it and btrfs.* on the run's own file still pass"
fsj -- python3 -c '
import os
os.setxattr("old", "user.x", b"1")
open("new", "w").close()
os.setxattr("new", "btrfs.compression", b"zstd")
print("SET")'
assert_rc 0
assert_out_match '^SET$'
run_cmd "$FSJAIL" backups restore
left=$(python3 -c 'import os; print(" ".join(os.listxattr("old")))')
[ -z "$left" ] || fail "after restore the file has: $left"
end_test

done_testing
