#!/bin/bash
# att16: an access ACL that says only a mode, set on an object older than
# the run, is taken as a chmod (user13, notify-meta-guard.c acl_is_mode()).
# It let a mask:: entry through, but the kernel stores an ACL that has one
# (posix_acl_equiv_mode(): a mask is never a mode): with group::--- and
# mask::r-- on a 0644 file, the group lost its read access, restore put
# back mode 0644 ("already in place") and the ACL stayed, hidden behind
# the mask. Now only user::, group:: and other:: pass; an ACL with a mask
# is refused as any other on a file older than the run. Test 1 fails
# before; 2 holds before too (vim's :w: acl_get_file()'s three entries).
# As root and again as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0380_USER 2
setup
require_landlock
command -v python3 >/dev/null || skip_rest_kernel "no python3"
cd "$WS" || bail_out "cannot enter $WS"
: >"$T/probe"
command -v setfacl >/dev/null && setfacl -m u:nobody:r "$T/probe" 2>/dev/null ||
	skip_rest_kernel "no setfacl, or this filesystem has no POSIX ACLs"
printf 'one\n' >a.txt && chmod 644 a.txt

# setacl FILE USER GROUP MASK OTHER: system.posix_acl_access of those
# permissions (MASK - for none), set with one setxattr.
SETACL='
import os, struct, sys
f, perms = sys.argv[1], sys.argv[2:]
tags = [(0x01, perms[0]), (0x04, perms[1]), (0x10, perms[2]), (0x20, perms[3])]
blob = struct.pack("<I", 2) + b"".join(
    struct.pack("<HHI", t, int(p), 0xffffffff) for t, p in tags if p != "-")
os.setxattr(f, "system.posix_acl_access", blob)'

# has_acl FILE: FILE carries an access ACL (the xattr is stored).
has_acl()
{
	python3 -c 'import os, sys; os.getxattr(sys.argv[1], "system.posix_acl_access")' "$1" \
		2>/dev/null
}

begin_test "user::, group::---, mask::r--, other:: on an existing file: refused, no ACL left"
fsj -- python3 -c "$SETACL" a.txt 6 0 4 4
assert_rc_not 0 && assert_err_match "an ACL on a file or folder older than the run"
has_acl a.txt && fail "a.txt carries an ACL after the run"
"$FSJAIL" backups restore --workspace "$WS" >/dev/null 2>&1
has_acl a.txt && fail "a.txt carries an ACL after restore"
setfacl -b a.txt 2>/dev/null
chmod 644 a.txt
end_test

begin_test "user::, group::, other:: only: a chmod, no ACL"
fsj -- python3 -c "$SETACL" a.txt 6 0 - 0
assert_rc 0 && assert_out_nomatch refusal
has_acl a.txt && fail "a.txt carries an ACL"
[ "$(stat -c %a a.txt)" = 600 ] || fail "a.txt mode $(stat -c %a a.txt), not 600"
chmod 644 a.txt
end_test

end_user_pass
done_testing
