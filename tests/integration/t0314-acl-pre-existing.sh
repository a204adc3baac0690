#!/bin/bash
# A POSIX ACL on a file or folder that was there before the run cannot be
# changed from the run (att9): restore puts back content, mode, owner and
# times, not extended attributes, so an ACL entry the command added for
# another user stayed after `fsjail backups restore`, which said "restored
# mode, owner and times". A default ACL on a folder is not even masked by
# the mode restore sets: every file the user made there later gave that
# user read access (mask from its group bits). The listener now refuses
# system.posix_acl_access and system.posix_acl_default on an object the
# run did not make; a file the run makes keeps them (cp -a, rsync -A).
# As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0314_USER 3
setup
require_landlock
command -v setfacl >/dev/null && command -v getfacl >/dev/null || skip_rest_kernel "no setfacl/getfacl"
cd "$WS" || bail_out "cannot enter $WS"
mkdir d && chmod 750 d
echo secret >f && chmod 640 f
echo g >g
if ! setfacl -m u:nobody:r "$T/probe" 2>/dev/null; then
	: >"$T/probe"
	setfacl -m u:nobody:r "$T/probe" 2>/dev/null || skip_rest_kernel "this filesystem has no POSIX ACLs"
fi

# acl_of PATH: the ACL entries naming the user nobody.
acl_of()
{
	getfacl -p "$1" 2>/dev/null | grep 'nobody' || true
}

begin_test "an ACL entry on a pre-existing file or folder is refused, and said"
# (g: a change restore has a cycle for)
fsj_sh -- 'setfacl -m u:nobody:rwx f; setfacl -m u:nobody:rwx d; setfacl -d -m u:nobody:rwx d
echo more >>g; exit 0'
[ -z "$(acl_of f)" ] || fail "f got an ACL entry: $(acl_of f)"
[ -z "$(acl_of d)" ] || fail "d got ACL entries: $(acl_of d)"
assert_err_match "write $WS/f: .*ACL"
end_test

begin_test "after backups restore no ACL entry of the run is left"
ws_restore
[ -z "$(acl_of f)" ] || fail "f keeps an ACL entry after restore: $(acl_of f)"
[ -z "$(acl_of d)" ] || fail "d keeps ACL entries after restore: $(acl_of d)"
end_test

begin_test "a file the run makes still takes an ACL"
fsj_sh -- 'echo new >n && setfacl -m u:nobody:r n && echo SET'
assert_out_match '^SET$'
[ -n "$(acl_of n)" ] || fail "n has no ACL entry"
end_test

end_user_pass
done_testing
