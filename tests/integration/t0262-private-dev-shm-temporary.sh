#!/bin/bash
# The run's own /dev/shm (issue 12) is a temporary folder to the listener,
# the backups and the broker, and never a way to the host's: the
# supervisor works outside the command's mount namespace, where /dev/shm
# is the host's, so a host file with the same name as one the run made
# must come through the run's writes, rm (deleteMode trash) and broker
# requests (delete, rename, copy) unchanged; nothing goes to the trash
# and no backup names /dev/shm. Before the private tmpfs every one of
# these was refused (/dev is protected). Run as root, and (when root)
# again as the ordinary user FSJAIL_TEST_USER (default cloudsdk).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_SHM2_USER_PASS 2
setup
require_landlock
[ -d /dev/shm ] && [ ! -L /dev/shm ] && [ -w /dev/shm ] ||
	skip_rest_kernel "no writable /dev/shm directory on this host"
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"
BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"

N=fsjail-t0262-$$-$RANDOM
for f in "$N" "$N-b" "$N-c"; do
	printf 'host %s %s\n' "$f" "$RANDOM" >"/dev/shm/$f"
done
cat /dev/shm/$N /dev/shm/$N-b /dev/shm/$N-c >"$T/host.before"
trap 'rm -f /dev/shm/$N /dev/shm/$N-*; cleanup' EXIT
TRASH=$HOME/.local/share/Trash

# host_same: the three host files exist with their content as before.
host_same()
{
	cat /dev/shm/$N /dev/shm/$N-b /dev/shm/$N-c 2>/dev/null | cmp -s - "$T/host.before" ||
		fail "a host /dev/shm file changed or is gone"
}

begin_test "write, append and rm of a same-named file inside: host file unchanged, no trash, no backup"
fsj_sh -- 'echo run >"/dev/shm/$1" && echo more >>"/dev/shm/$1" && cat "/dev/shm/$1" &&
	rm "/dev/shm/$1" && [ ! -e "/dev/shm/$1" ] && echo gone' "$N"
assert_rc 0
assert_out_eq "run
more
gone"
host_same
[ -z "$(ls -A "$TRASH/files" 2>/dev/null | grep "^fsjail-t0262")" ] || fail "a /dev/shm file went to the trash"
! grep -rqs "/dev/shm" "$STATE_DIR/sessions" || fail "a backup names /dev/shm"
end_test

# shellcheck disable=SC2016
script='B() { ./bc "{\"id\":\"x\",\"command\":\"HostFileOperation\",$1,\"deleteMode\":\"trash\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"; }
echo mine >"/dev/shm/$1"; echo mine >"/dev/shm/$1-x"; echo ws >w
B "\"operation\":\"delete\",\"path\":\"/dev/shm/$1\""
B "\"operation\":\"rename\",\"from\":\"/dev/shm/$1-x\",\"to\":\"/dev/shm/$1-b\""
B "\"operation\":\"copy\",\"from\":\"$PWD/w\",\"to\":\"/dev/shm/$1-c\""
cat "/dev/shm/$1-b" "/dev/shm/$1-c"; ls -A /dev/shm'
begin_test "broker delete (trash mode), rename and copy in /dev/shm act on the run's tmpfs only"
fsj_sh -- "$script" "$N"
assert_rc 0
[ "$(grep -c '"ok":true' "$OUT")" = 3 ] || fail "not every broker request went through: $(cat "$OUT")"
assert_out_match "^mine$"
assert_out_match "^ws$"
assert_out_nomatch "^$N\$"
host_same
[ -z "$(ls -A "$TRASH/files" 2>/dev/null | grep "^fsjail-t0262")" ] || fail "a /dev/shm file went to the trash"
end_test

end_user_pass
done_testing
