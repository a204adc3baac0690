#!/bin/bash
# A folder older than the run that carries a POSIX ACL (a default ACL:
# what every new file in it gets) or a user.* attribute: rm -rf of it
# was recorded as mode, owner and times only, so `backups restore` made
# it again without them and said nothing (att27, goal 1: what a user
# would miss). A change of such an attribute on a folder older than the
# run is refused already (att15, att17); removing the folder is the same
# change and is now refused with the same why (backup_rmdir.c), by the
# listener and by the broker. What the folder held goes as before (into
# the cycle), and comes back; a folder without them, or one the run made,
# is removed as before.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_RMDIR_XATTR_USER_PASS 4
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

begin_test "rm -rf of a folder with a default ACL: refused, said; its files come back, the ACL stayed"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/shared"
	echo one >"$WS/shared/f"
	setfacl -d -m u:nobody:rwx "$WS/shared"
	fsj_sh -- 'rm -rf shared'
	assert_dir "$WS/shared"
	assert_err_match "delete $WS/shared: a folder older than the run with an ACL: restore could not make it again with it"
	ws_restore
	assert_content "$WS/shared/f" one
	getfacl -p "$WS/shared" 2>/dev/null | grep -q '^default:user:nobody:rwx' ||
		fail "the folder's default ACL is gone: $(getfacl -p "$WS/shared" 2>&1)"
	rm -rf "$WS/shared"
fi
end_test

begin_test "a folder with a user.* attribute: refused by rmdir and by the broker's delete"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/tagged" "$WS/tagged2"
	setfattr -n user.tag -v keep "$WS/tagged"
	setfattr -n user.tag -v keep2 "$WS/tagged2"
	fsj_sh -- 'rmdir tagged'
	assert_dir "$WS/tagged"
	assert_err_match "delete $WS/tagged: a folder older than the run with a user.\\* extended attribute"
	fsj_sh -- 'python3 -c "
import json, os, socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ[\"FSJAIL_BROKER_SOCKET\"])
s.sendall((json.dumps({\"id\": \"1\", \"command\": \"HostFileOperation\", \"operation\": \"delete\",
    \"path\": os.getcwd() + \"/tagged2\", \"recursive\": True, \"sessionId\": os.environ[\"FSJAIL_SESSION_ID\"],
    \"callId\": os.environ.get(\"FSJAIL_CALL_ID\", \"x\")}) + \"\\n\").encode())
print(s.recv(65536).decode())"'
	assert_dir "$WS/tagged2"
	assert_out_match '"ok":false'
	ws_restore
	[ "$(getfattr --only-values -n user.tag "$WS/tagged" 2>/dev/null)" = keep ] ||
		fail "tagged lost user.tag"
	[ "$(getfattr --only-values -n user.tag "$WS/tagged2" 2>/dev/null)" = keep2 ] ||
		fail "tagged2 lost user.tag"
	rm -rf "$WS/tagged" "$WS/tagged2"
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

begin_test "an empty folder with an ACL renamed over: refused, it stays"
if [ $XATTRS = 0 ]; then skip_kernel "no setfacl/setfattr, or no user xattrs or ACLs on this filesystem"; else
	mkdir -p "$WS/dst" "$WS/src"
	echo three >"$WS/src/f"
	setfacl -m u:nobody:rx "$WS/dst"
	fsj_sh -- 'python3 -c "import os; os.rename(\"src\", \"dst\")"'
	assert_dir "$WS/src"
	getfacl -p "$WS/dst" 2>/dev/null | grep -q '^user:nobody:r-x' || fail "dst lost its ACL"
	rm -rf "$WS/src" "$WS/dst"
fi
end_test

end_user_pass
done_testing
