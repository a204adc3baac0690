#!/bin/bash
# A folder older than the run that carries a POSIX ACL (a default ACL:
# what every new file in a shared folder gets) or a user.* attribute:
# rm -rf of it was recorded as mode, owner and times only, so `backups
# restore` made it again without them and said nothing (att27); then its
# removal was refused, which broke rm -rf, git clean and make clean of
# every folder in a workspace with a default ACL. Now its "rmdir" record
# keeps those attributes (backup_dirattrs.h) and restore puts them back,
# by the listener and by the broker; a folder whose attributes are more
# than a record keeps is still not removed. A folder without them, or one
# the run made, is removed as before.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_RMDIR_XATTR_USER_PASS 5
setup
require_landlock

# xattrs_here: user.* attributes and ACLs can be set in the workspace.
xattrs_here()
{
	command -v setfacl >/dev/null && command -v getfacl >/dev/null &&
		command -v setfattr >/dev/null && command -v getfattr >/dev/null &&
		mkdir "$WS/.probe" && setfattr -n user.p -v 1 "$WS/.probe" 2>/dev/null &&
		setfacl -m u:nobody:rx "$WS/.probe" 2>/dev/null
	local rc=$?
	rm -rf "$WS/.probe"
	return $rc
}

XATTRS=1
xattrs_here || XATTRS=0

begin_test "rm -rf of a folder with a default ACL: done; restore brings it back with the ACL and its file"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/shared"
	echo one >"$WS/shared/f"
	setfacl -d -m u:nobody:rwx "$WS/shared"
	setfacl -m u:nobody:rx "$WS/shared"
	fsj_sh -- 'rm -rf shared'
	assert_rc 0
	assert_not_exists "$WS/shared"
	ws_restore
	assert_content "$WS/shared/f" one
	acl=$(getfacl -p "$WS/shared" 2>&1)
	printf '%s\n' "$acl" | grep -q '^default:user:nobody:rwx' ||
		fail "the folder's default ACL did not come back: $acl"
	printf '%s\n' "$acl" | grep -q '^user:nobody:r-x' ||
		fail "the folder's access ACL did not come back: $acl"
	rm -rf "$WS/shared"
fi
end_test

begin_test "a folder with a user.* attribute: removed by rmdir and by the broker's delete, each restored with it"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/tagged" "$WS/tagged2"
	setfattr -n user.tag -v keep "$WS/tagged"
	setfattr -n user.tag -v "$(printf 'k,e:y\001')" "$WS/tagged2"
	fsj_sh -- 'rmdir tagged'
	assert_rc 0
	assert_not_exists "$WS/tagged"
	ws_restore
	[ "$(getfattr --only-values -n user.tag "$WS/tagged" 2>/dev/null)" = keep ] ||
		fail "tagged came back without user.tag"
	fsj_sh -- 'python3 -c "
import json, os, socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ[\"FSJAIL_BROKER_SOCKET\"])
s.sendall((json.dumps({\"id\": \"1\", \"command\": \"HostFileOperation\", \"operation\": \"delete\",
    \"path\": os.getcwd() + \"/tagged2\", \"recursive\": True, \"sessionId\": os.environ[\"FSJAIL_SESSION_ID\"],
    \"callId\": os.environ.get(\"FSJAIL_CALL_ID\", \"x\")}) + \"\\n\").encode())
print(s.recv(65536).decode())"'
	assert_out_match '"ok":true'
	assert_not_exists "$WS/tagged2"
	ws_restore
	[ "$(getfattr --only-values -n user.tag "$WS/tagged2" 2>/dev/null | od -An -c | tr -d ' \n')" = 'k,e:y001' ] ||
		fail "tagged2 came back without its user.tag: $(getfattr -d "$WS/tagged2" 2>&1)"
	rm -rf "$WS/tagged" "$WS/tagged2"
fi
end_test

begin_test "a default ACL set after its files: restore gives it back, and them none they did not have"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/late/sub"
	echo f >"$WS/late/f" && chmod 640 "$WS/late/f"
	setfacl -d -m u:nobody:rwx "$WS/late"
	fsj_sh -- 'rm -rf late'
	assert_rc 0
	ws_restore
	assert_content "$WS/late/f" f
	getfacl -p "$WS/late" 2>/dev/null | grep -q '^default:user:nobody:rwx' ||
		fail "late came back without its default ACL"
	getfacl -p "$WS/late/f" 2>/dev/null | grep -q 'nobody' &&
		fail "late/f came back with an ACL entry it never had: $(getfacl -p "$WS/late/f" 2>&1)"
	getfacl -p "$WS/late/sub" 2>/dev/null | grep -q 'nobody' &&
		fail "late/sub came back with ACL entries it never had: $(getfacl -p "$WS/late/sub" 2>&1)"
	[ "$(stat -c %a "$WS/late/f")" = 640 ] || fail "late/f mode $(stat -c %a "$WS/late/f"), not 640"
	rm -rf "$WS/late"
fi
end_test

begin_test "a folder the run made, with a user.* attribute, and an older folder without: removed as before"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/plain"
	echo two >"$WS/plain/f"
	fsj_sh -- 'mkdir made && setfattr -n user.x -v 1 made && rmdir made && rm -rf plain'
	assert_rc 0
	assert_not_exists "$WS/made"
	assert_not_exists "$WS/plain"
	ws_restore
	assert_content "$WS/plain/f" two
	assert_not_exists "$WS/made"
	rm -rf "$WS/plain"
fi
end_test

begin_test "an empty folder with an ACL renamed over: done; restore gives both back, the ACL too"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/dst" "$WS/src"
	echo three >"$WS/src/f"
	setfacl -m u:nobody:rx "$WS/dst"
	fsj_sh -- 'python3 -c "import os; os.rename(\"src\", \"dst\")"'
	assert_rc 0
	assert_content "$WS/dst/f" three
	ws_restore
	assert_content "$WS/src/f" three
	getfacl -p "$WS/dst" 2>/dev/null | grep -q '^user:nobody:r-x' || fail "dst came back without its ACL"
	rm -rf "$WS/src" "$WS/dst"
fi
end_test

end_user_pass
done_testing
