#!/bin/bash
# att16: a folder arriving where a submodule's protected .git file lies
# below may bring a .git file there only when it is one the scan kept or
# the listener followed (git23, notify-gitfile.c nj_gitfile_known()). The
# check took the arriving folder's path with lstat(2), which follows a
# symbolic link before the last component: the submodule's folder moved
# away (recorded at t/x), deleted, and a symbolic link t/x -> ../evil
# made, t/x/.git still counted as the followed pointer, so 'mv t lib'
# put lib/x -> evil in place of the user's submodule, and a host git in
# lib/x read the command's gitdir. Test 1 fails before; 2 holds before.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsubmod.sh"

plan_user_pass FSJAIL_T0379_USER 2
setup
require_landlock
git_env
submodule_lib
submodule_ws lib/x
git init -q --bare "$T/evil.git" || bail_out "cannot make the evil gitdir"

begin_test "a followed pointer's folder replaced by a symbolic link cannot arrive"
fsj_sh -- 'mkdir t && mv lib/x t/x && rm -rf t/x && mkdir evil &&
	printf "gitdir: %s\n" "$1" >evil/.git && ln -s ../evil t/x && mv lib lib_old && mv t lib' \
	"$T/evil.git"
assert_rc_not 0 && assert_err_match "moved folder could carry"
[ -L "$WS/lib/x" ] && fail "lib/x is a symbolic link"
[ "$(cd "$WS/lib/x" 2>/dev/null && git rev-parse --absolute-git-dir 2>/dev/null)" = "$T/evil.git" ] &&
	fail "a host git in lib/x reads the command's gitdir"
rm -rf "$WS/evil" "$WS/t" "$WS/lib" && mv "$WS/lib_old" "$WS/lib" 2>/dev/null
git -C "$WS" checkout -q -- . 2>/dev/null
end_test

begin_test "the folder moved there and back whole: allowed"
rm -rf "$WS/lib" && git -C "$WS" checkout -q -- . && git -C "$WS" submodule -q update --init ||
	bail_out "cannot put the submodule back"
fsj_sh -- 'mkdir t && mv lib/x t/x && mv lib lib_old && mv t lib && cat lib/x/l.txt'
assert_rc 0 && assert_out_match '^lib-content$' &&
	assert_content "$WS/lib/x/.git" "gitdir: ../../.git/modules/lib/x"
end_test

end_user_pass
done_testing
