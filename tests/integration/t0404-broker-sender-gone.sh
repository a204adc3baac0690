#!/bin/bash
# A request whose sender is gone by the time the broker reads it is
# refused (att21; src/broker-caller.h): its pid may already name another
# process, so nothing can be known of who sent it. The broker is held
# busy by a first request (FSJAIL_BROKER_TEST_DELAY_MS); meanwhile a
# child of the command writes a request on a second connection and exits,
# and is reaped. The file it names must not be made and the refusal must
# be in the audit log; the first request, whose sender waits, is served.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libbroker.sh"

broker_begin 2
cat >"$WS/gone.py" <<'PY'
import os, sys, time
import fsjbroker
slow, gone = sys.argv[1:3]
a = fsjbroker.connect()
a.sendall(fsjbroker.request("touch", slow, slow))
time.sleep(0.5)  # the broker is in its test delay now
b = fsjbroker.connect()
pid = os.fork()
if pid == 0:
    b.sendall(fsjbroker.request("touch", gone, gone))
    os._exit(0)
os.waitpid(pid, 0)
a.settimeout(20)
b.settimeout(20)
print("slow=" + a.recv(4096).decode().strip())
print("gone=" + b.recv(4096).decode().strip())
PY

begin_test "a request whose sender exited before the broker read it is refused"
FSJAIL_BROKER_TEST_DELAY_MS=2000 fsj -- python3 "$WS/gone.py" "$WS/slow-made" "$WS/gone-made"
assert_not_exists "$WS/gone-made"
audit_says "is gone: it exited before its request was read" "the sender was gone"
end_test

begin_test "the request whose sender waited is served"
assert_exists "$WS/slow-made"
end_test

done_testing
