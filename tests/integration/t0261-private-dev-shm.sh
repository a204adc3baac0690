#!/bin/bash
# A private /dev/shm for every run (issue 12): python's multiprocessing
# (its SemLock is sem_open(3), a file in /dev/shm), shm_open(3) and
# everything else that makes POSIX shared memory work in the default
# session, on a fresh tmpfs of the run's own (as `bwrap --dev /dev` gives),
# while the host's /dev/shm stays out of reach: a file a host process made
# there before the run can be neither read nor written from inside and is
# unchanged after, and nothing the run made there is on the host after the
# run. Where the sandbox gets no mount namespace (FSJAIL_NO_MOUNT_MASKS=1
# stands in for fsjail inside fsjail) the old refusal stays, and `status`
# says which. Run as root, and (when root) again as the ordinary user
# FSJAIL_TEST_USER (default cloudsdk) from a copy of this script.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_SHM_USER_PASS 5
setup
require_landlock
git_env
command -v python3 >/dev/null || skip_rest_kernel "no python3"
[ -d /dev/shm ] && [ ! -L /dev/shm ] && [ -w /dev/shm ] ||
	skip_rest_kernel "no writable /dev/shm directory on this host"
can_mount_ns || skip_rest_kernel "no mount namespace can be made here"
git init -q "$WS"

HOSTF=/dev/shm/fsjail-t0261-host-$$-$RANDOM
MADE=fsjail-t0261-made-$$-$RANDOM
printf 'host segment %s\n' "$RANDOM" >"$HOSTF"
chmod 0666 "$HOSTF"
sha256sum <"$HOSTF" >"$T/host.sum"
trap 'rm -f "$HOSTF" /dev/shm/$MADE /dev/shm/$MADE-*; cleanup' EXIT

begin_test "multiprocessing Pool, Lock and ProcessPoolExecutor work with no rules file"
fsj -- python3 -c '
import multiprocessing as mp, concurrent.futures as cf
with mp.Pool(2) as p:
    print(p.map(abs, [-1, -2]))
l = mp.Lock()
with l:
    print("locked")
with cf.ProcessPoolExecutor(2) as ex:
    print(list(ex.map(abs, [-3])))
'
assert_rc 0
assert_out_eq "[1, 2]
locked
[3]"
end_test

begin_test "the host's /dev/shm file: not listed, not readable, not writable inside; unchanged"
fsj_sh -- '
ls -a /dev/shm
if cat "$1" 2>/dev/null; then echo READ-HOST; fi
if (echo tampered >>"$1") 2>/dev/null && grep -q "^host segment" "$1" 2>/dev/null; then
	echo WROTE-HOST
fi
echo ok' "$HOSTF"
assert_rc 0
assert_out_nomatch "READ-HOST|WROTE-HOST|host segment"
assert_out_nomatch "fsjail-t0261-host"
assert_out_match "^ok$"
sha256sum <"$HOSTF" | cmp -s - "$T/host.sum" || fail "the host's $HOSTF changed"
end_test

begin_test "what the run made in /dev/shm is gone from the host after the run"
fsj -- python3 -c '
import sys, os
from multiprocessing import shared_memory
s = shared_memory.SharedMemory(name=sys.argv[1] + "-seg", create=True, size=4096)
s.buf[0] = 7
with open("/dev/shm/" + sys.argv[1], "w") as f:
    f.write("made inside\n")
print(sorted(n for n in os.listdir("/dev/shm") if n.startswith(sys.argv[1])))
s.close()
' "$MADE"
assert_rc 0
assert_out_eq "['$MADE', '$MADE-seg']"
assert_not_exists "/dev/shm/$MADE"
assert_not_exists "/dev/shm/$MADE-seg"
end_test

begin_test "explain and status: /dev/shm is the run's private tmpfs"
run_cmd "$FSJAIL" explain --workspace "$WS" /dev/shm/x
assert_rc 0
assert_out_match "create +allow"
assert_out_match "delete +allow"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match "/dev/shm: .*private"
end_test

begin_test "no mount namespace (FSJAIL_NO_MOUNT_MASKS=1): refused as before, and status says so"
FSJAIL_NO_MOUNT_MASKS=1 fsj -- python3 -c "import multiprocessing as mp; mp.Lock(); print('made')"
assert_rc_not 0
assert_out_nomatch "made"
assert_err_match "create /dev/shm/"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "/dev/shm: .*refused"
sha256sum <"$HOSTF" | cmp -s - "$T/host.sum" || fail "the host's $HOSTF changed"
end_test

end_user_pass
done_testing
