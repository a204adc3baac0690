#!/bin/bash
# System V IPC is out of the command's reach (att5): shared memory,
# semaphores and message queues are named by numbers, not paths, so no
# Landlock rule and no trapped call covers them, and the command attached
# a host segment with mode 0666 and wrote into what a host process reads.
# The run's pid namespace now comes with an IPC namespace of its own.
# Asserts a host segment and queue cannot be seen or attached inside, and
# that the host segment's bytes are unchanged after the run.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0258_USER 1
setup
require_landlock
command -v ipcmk >/dev/null && command -v python3 >/dev/null || bail_out "no ipcmk or python3"

begin_test "a host shared-memory segment and message queue cannot be reached from the run"
shm=$(ipcmk -M 4096 -p 0666 | grep -o '[0-9]*$')
msq=$(ipcmk -Q -p 0666 | grep -o '[0-9]*$')
[ -n "$shm" ] && [ -n "$msq" ] || bail_out "ipcmk made no segment or queue"
trap 'ipcrm -m "$shm" -q "$msq" 2>/dev/null; cleanup' EXIT
fsj_sh -- 'python3 -c "
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
p = libc.shmat(int(sys.argv[1]), None, 0)
if p not in (None, ctypes.c_void_p(-1).value):
    ctypes.memmove(p, b\"WRITTEN FROM SANDBOX\", 20)
    print(\"attached\")
print(\"msgsnd\", libc.msgsnd(int(sys.argv[2]), ctypes.create_string_buffer(b\"\\1\\0\\0\\0\\0\\0\\0\\0x\"), 1, 0o4000))
" "$1" "$2"' "$shm" "$msq"
assert_rc 0
assert_out_nomatch '^attached$'
assert_out_match '^msgsnd -1$'
python3 -c "
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
p = libc.shmat(int(sys.argv[1]), None, 0)
sys.exit(0 if ctypes.string_at(p, 20) == bytes(20) else 1)
" "$shm" || fail "the host segment's bytes changed"
[ "$(ipcs -q -i "$msq" 2>/dev/null | grep -c 'qnum=1')" = 0 ] || fail "a message reached the host queue"
end_test

end_user_pass
done_testing
