#!/bin/bash
# A file's attribute flags (chattr(1): no-dump, no-atime, append-only, ...)
# change through the FS_IOC_SETFLAGS and FS_IOC_FSSETXATTR ioctls on any
# descriptor, a read-only one too, and through file_setattr (Linux 6.17,
# number 469, unknown to libseccomp 2.5): neither Landlock nor the listener
# saw either, so a run could mark files anywhere it could read (att3 set
# +d on /etc/hostname and /usr/bin/git). Now the ioctls get EPERM and every
# call numbered 463 or above gets ENOSYS before libseccomp's program (fail
# closed for calls newer than the filter). As root and FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_ATTR_USER_PASS 2
setup
require_landlock
echo data >"$WS/f"
if ! command -v chattr >/dev/null || ! lsattr -d "$WS/f" >/dev/null 2>&1; then
	skip "chattr/lsattr missing, or no attribute flags on the test folder's filesystem"
else
	begin_test "chattr of a workspace file is refused and the flags stay as they were"
	before=$(lsattr -d "$WS/f" | cut -d' ' -f1)
	fsj_sh -- 'chattr +d f'
	assert_failed "chattr +d inside the run"
	after=$(lsattr -d "$WS/f" | cut -d' ' -f1)
	[ "$before" = "$after" ] || fail "the flags changed: '$before' -> '$after'"
	end_test
fi

begin_test "file_setattr (469) and a call newer than the filter get ENOSYS"
fsj_sh -- 'python3 -c "
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
for nr in (469, 500):
    r = libc.syscall(nr, -100, 0, 0, 0, 0)
    print(nr, r, ctypes.get_errno())
"'
assert_rc 0
assert_out_match "^469 -1 $(python3 -c 'import errno; print(errno.ENOSYS)')\$"
assert_out_match "^500 -1 $(python3 -c 'import errno; print(errno.ENOSYS)')\$"
end_test

end_user_pass
done_testing
