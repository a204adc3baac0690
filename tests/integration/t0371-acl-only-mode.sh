#!/bin/bash
# vim's :w of a file that was there before the run, with no backup copy
# (nowritebackup, or anywhere under /tmp: vim's 'backupskip'), wrote the
# file in place, then copied its ACL back (setxattr
# system.posix_acl_access with the ACL acl_get_file() makes from the
# mode: user::, group::, other::) and every
# save ended with "1 refusal: write FILE: an ACL on a file or folder older
# than the run" (user13). An access ACL that says no more than a mode, set
# on an object with no ACL, is a chmod (the kernel stores no ACL): it is
# now performed, its mode kept first so restore undoes it; and removing an
# ACL the object does not have changes nothing (cp -a into existing
# folders copies the access ACL, then removes the default one: "cp:
# preserving permissions for './sub': Operation not permitted"). An ACL
# entry for another user, and the removal of an existing ACL, stay
# refused (t0314). As root and again as FSJAIL_TEST_USER. Tests 1, 2 and
# 5 fail before.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0371_USER 5
setup
require_landlock
command -v setfacl >/dev/null && command -v getfacl >/dev/null || skip_rest_kernel "no setfacl/getfacl"
cd "$WS" || bail_out "cannot enter $WS"
: >"$T/probe"
setfacl -m u:nobody:r "$T/probe" 2>/dev/null || skip_rest_kernel "this filesystem has no POSIX ACLs"
printf 'one\n' >a.txt && chmod 644 a.txt
printf 'two\n' >b.txt && chmod 644 b.txt
echo x >c.txt

begin_test "vim -es :w of an existing file: saved, no refusal, no ACL left"
if ! command -v vim >/dev/null; then
	skip "no vim"
else
	fsj -- vim -u NONE -es -c 'set nobackup nowritebackup' -c 'normal Goadded' -c w -c q a.txt
	assert_rc 0
	assert_content a.txt "$(printf 'one\nadded')"
	grep -q "refusal" "$ERR" && fail "vim's save was refused: $(cat "$ERR")"
	[ "$(stat -c %a a.txt)" = 644 ] || fail "mode $(stat -c %a a.txt)"
	getfacl -p a.txt 2>/dev/null | grep -Eq '^(user|group):[^:]+:' && fail "a.txt has an ACL entry"
	end_test
fi

begin_test "an ACL that is only a mode acts as chmod, and restore undoes it"
fsj -- setfacl -m u::rw,g::-,o::- b.txt
assert_rc 0
grep -q "refusal" "$ERR" && fail "refused: $(cat "$ERR")"
[ "$(stat -c %a b.txt)" = 600 ] || fail "mode after the run: $(stat -c %a b.txt)"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/b.txt"
assert_rc 0
[ "$(stat -c %a b.txt)" = 644 ] || fail "mode after restore: $(stat -c %a b.txt)"
end_test

begin_test "an ACL entry for another user on an existing file stays refused"
fsj -- setfacl -m u:nobody:r c.txt
assert_rc_not 0
getfacl -p c.txt 2>/dev/null | grep -q nobody && fail "c.txt got an entry for nobody"
assert_err_match "write $WS/c.txt: an ACL on a file or folder older than the run"
end_test

begin_test "a mode-only ACL over an existing ACL entry is refused (restore could not bring it back)"
setfacl -m u:nobody:r c.txt
fsj -- setfacl -b c.txt
getfacl -p c.txt 2>/dev/null | grep -q nobody || fail "c.txt lost its entry for nobody"
setfacl -b c.txt
end_test

begin_test "cp -a over existing folders keeps their modes, with no refusal"
rm -rf from
mkdir -p from/sub sub
echo new >from/sub/f
chmod 700 from/sub
fsj -- cp -a from/. .
assert_rc 0
grep -q "refusal" "$ERR" && fail "refused: $(cat "$ERR")"
assert_content sub/f new
[ "$(stat -c %a sub)" = 700 ] || fail "sub's mode: $(stat -c %a sub)"
setfacl -m d:u:nobody:r sub
fsj -- setfacl -k sub
getfacl -p sub 2>/dev/null | grep -q '^default:user:nobody' || fail "sub lost its default ACL"
setfacl -k sub
end_test

end_user_pass
done_testing
