#!/bin/bash
# att20: an ordinary user's run. The listener acts with cloudsdk's own
# rights (no capability), so the only way to make it open what the
# command could not would be an identity the command takes that the
# supervisor lacks, or a descriptor or name the command may not reopen:
#  1. an O_PATH descriptor of a root-owned 0644 file in the workspace,
#     reopened for writing through /proc/self/fd: refused
#  2. setfsuid(0) and setgroups([]) in the command (its user namespace
#     denies setgroups; it holds no capability): no change, and a
#     root-owned 0600 file stays closed, through open and openat2
#  3. a nested user namespace (unshare(CLONE_NEWUSER): every capability in
#     it): the command's own file opened, the root-owned one refused
#  4. --report (every open traced): a read of the root-owned 0600 file is
#     refused, and an O_RDWR open of its own file done
# Needs root (to make the files and become cloudsdk) and the user cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libident.sh"
plan 4
setup
require_landlock

if ! U=$(user_folder); then
	for i in 1 2 3 4; do skip "needs root and the user cloudsdk"; done
	done_testing
	exit 0
fi
mkdir -p -m 755 "$U/ws" && chown cloudsdk: "$U/ws" || bail_out "cannot make $U/ws"
ident_py "$U/ws/calls.py"
# own OWNER MODE FILE...: FILE holds "keep FILE"
own()
{
	local o=$1 m=$2
	shift 2
	for f; do
		echo "keep $f" >"$U/ws/$f" && chown "$o:$o" "$U/ws/$f" && chmod "$m" "$U/ws/$f" ||
			bail_out "cannot make $U/ws/$f"
	done
}
cd "$U/ws" || bail_out "cannot enter $U/ws"

begin_test "an O_PATH descriptor of a root-owned 0644 file reopened for writing through /proc/self/fd: refused"
own 0 0644 p1
as_user "$U" "$FSJAIL" run --workspace "$U/ws" -- python3 -c "
exec(open('calls.py').read())
fd = os.open('p1', os.O_PATH)
try_('p1', '/proc/self/fd/%d' % fd, os.O_WRONLY | os.O_TRUNC)
try_('p1r', '/proc/self/fd/%d' % fd, os.O_RDONLY)
"
assert_rc 0
grep -q '^p1 E' "$OUT" || fail "p1 was opened for writing: $(cat "$OUT" "$ERR")"
grep -qx 'p1r done' "$OUT" || fail "p1 could not be read: $(cat "$OUT" "$ERR")"
assert_content "$U/ws/p1" "keep p1"
end_test

begin_test "setfsuid(0), setgroups([]): nothing changes, a root-owned 0600 file stays closed (open, openat2)"
own 0 0600 s1
as_user "$U" "$FSJAIL" run --workspace "$U/ws" -- python3 -c "
exec(open('calls.py').read())
libc.setfsuid(0)
print('fsuid', libc.setfsuid(-1))
try:
    os.setgroups([])
    print('setgroups done')
except OSError as e:
    print('setgroups', errno.errorcode[e.errno])
try_('s1', 's1', os.O_RDWR)
print('s1b', openat2('s1', os.O_WRONLY | os.O_TRUNC))
"
assert_rc 0
grep -qx 'fsuid 1000' "$OUT" || fail "the command took fsuid 0: $(cat "$OUT" "$ERR")"
grep -qx 'setgroups EPERM' "$OUT" || fail "the command dropped its groups: $(cat "$OUT" "$ERR")"
grep -q '^s1 E' "$OUT" || fail "s1 was opened: $(cat "$OUT")"
grep -q '^s1b E' "$OUT" || fail "s1 was opened by openat2: $(cat "$OUT")"
assert_content "$U/ws/s1" "keep s1"
end_test

begin_test "a nested user namespace: the command's own file opened, a root-owned 0600 one refused"
own 0 0600 n1
own 1000 0600 n2
as_user "$U" "$FSJAIL" run --workspace "$U/ws" -- python3 -c "
exec(open('calls.py').read())
print('unshare', libc.unshare(0x10000000))
try_('n1', 'n1', os.O_WRONLY | os.O_TRUNC)
try_('n2', 'n2', os.O_RDWR)
"
assert_rc 0
grep -q '^n1 E' "$OUT" || fail "n1 was opened: $(cat "$OUT" "$ERR")"
assert_content "$U/ws/n1" "keep n1"
if grep -qx 'unshare 0' "$OUT"; then
	grep -qx 'n2 done' "$OUT" || fail "the command's own n2 was refused: $(cat "$OUT" "$ERR")"
fi
end_test

begin_test "--report: a read of a root-owned 0600 file refused, its own file opened O_RDWR"
own 0 0600 r1
own 1000 0600 r2
as_user "$U" "$FSJAIL" run --workspace "$U/ws" --report "$U/report.txt" -- python3 -c "
exec(open('calls.py').read())
try_('r1', 'r1', os.O_RDONLY)
try_('r2', 'r2', os.O_RDWR)
"
assert_rc 0
grep -qx 'r1 EACCES' "$OUT" || fail "r1 was read: $(cat "$OUT" "$ERR")"
grep -qx 'r2 done' "$OUT" || fail "r2 was refused: $(cat "$OUT" "$ERR")"
end_test

cd "$WS" || bail_out "cannot enter $WS"
rm -rf "$U"
done_testing
