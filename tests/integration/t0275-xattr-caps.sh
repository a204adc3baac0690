#!/bin/bash
# The listener performs setxattr(2) and removexattr(2) for the command
# (src/notify-meta.c) with the supervisor's own capabilities. A root
# command has lost CAP_SYS_ADMIN and CAP_SETFCAP (caps.h), but the
# listener keeps CAP_SYS_ADMIN, so through it the command set
# trusted.* attributes (overlayfs reads trusted.overlay.*) and security.*
# ones (security.ima, security.evm, ...) on workspace files, which the
# kernel refuses it itself (att7). Such a name now needs the capability
# in the caller, as xattr_permission() and cap_inode_setxattr() ask;
# user.* attributes still pass. Root only: an ordinary user's supervisor
# holds no capability to lend.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
if ! is_root; then
	skip_root "the supervisor lends capabilities only when it runs as root"
	skip_root "the supervisor lends capabilities only when it runs as root"
	done_testing
	exit 0
fi
echo data >"$WS/f"
mkdir "$WS/d"
if ! python3 -c 'import os; os.setxattr("'"$WS/f"'", "user.probe", b"1"); os.removexattr("'"$WS/f"'", "user.probe")' 2>/dev/null; then
	skip_kernel "no user xattrs on the test folder's filesystem"
	skip_kernel "no user xattrs on the test folder's filesystem"
	done_testing
	exit 0
fi

begin_test "trusted.* and security.* attributes are refused and never land"
fsj -- python3 -c '
import os
for path, name in (("f", "security.ima"), ("f", "security.evil"), ("d", "trusted.overlay.opaque"), ("f", "trusted.x")):
    try:
        os.setxattr(path, name, b"y")
        print("SET", name)
    except OSError as e:
        print("refused", name, e.errno)
'
assert_rc 0
assert_out_nomatch '^SET'
left=$(python3 -c 'import os, sys; print(" ".join(os.listxattr(sys.argv[1]) + os.listxattr(sys.argv[2])))' "$WS/f" "$WS/d")
[ -z "$left" ] || fail "attributes landed: $left"
assert_err_match 'lacks a capability fsjail holds'
end_test

begin_test "a user.* attribute is still set"
fsj -- python3 -c 'import os; os.setxattr("f", "user.note", b"kept"); print("SET")'
assert_rc 0
assert_out_match '^SET$'
[ "$(python3 -c 'import os, sys; print(os.getxattr(sys.argv[1], "user.note").decode())' "$WS/f")" = kept ] ||
	fail "user.note is not on f"
end_test

done_testing
