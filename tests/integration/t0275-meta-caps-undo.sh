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
#
# And the mode the run leaves does not keep `backups restore` out (test
# 1, as the ordinary user, whom file modes bind): a run that changed a
# folder's and a file's content and then set mode 000 on them had restore
# fail ('cannot set its mode ... Permission denied', 'not a regular file
# now'), the user's content left behind (att7). Restore now sets a mode by
# name in its folder (no open for reading), and opens a file of the user's
# that its mode keeps out with u+rw first, the saved mode set after.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

# The ordinary user's case: a workspace in folder $1 (the user's), made,
# changed by a run, restored; prints what restore left.
UNDO_SCRIPT='set -u
export HOME=$1/home FSJAIL_HOME=$1/fsjail-home
mkdir -p "$HOME/ws/d/e" && cd "$HOME/ws" || exit 1
echo f1 >d/f; echo g1 >d/e/g; echo a1 >a.txt; echo r1 >ro.txt; chmod 444 ro.txt
"$FSJAIL" run --workspace "$HOME/ws" -- sh -c "echo EVIL >d/f; echo EVIL >d/e/g; chmod 000 d/e d; echo EVIL >a.txt; chmod 000 a.txt; chmod 644 ro.txt; echo EVIL >ro.txt; chmod 444 ro.txt" >/dev/null 2>&1
"$FSJAIL" backups restore --workspace "$HOME/ws" >"$1/restore.out" 2>&1 || echo "RESTORE FAILED: $(cat "$1/restore.out")"
echo "modes $(stat -c %a d d/e a.txt ro.txt | tr "
" " ")"
echo "content $(cat d/f d/e/g a.txt ro.txt | tr "
" " ")"'

begin_test "restore puts content back through the modes 000 and 444 the run left (ordinary user)"
if is_root; then
	u=$(user_folder) || bail_out "no ordinary user cloudsdk to run as"
	run_cmd runuser -u cloudsdk -- env FSJAIL="$FSJAIL" FSJAIL_DATADIR="$FSJAIL_DATADIR" bash -c "$UNDO_SCRIPT" bash "$u"
	rm -rf "$u"
else
	mkdir "$T/u"
	run_cmd bash -c "$UNDO_SCRIPT" bash "$T/u"
fi
assert_out_nomatch 'RESTORE FAILED'
assert_out_match '^modes 755 755 644 444 $'
assert_out_match '^content f1 g1 a1 r1 $'
end_test

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
