#!/bin/bash
# A request whose sender is gone by the time the broker reads it is
# refused (att21; src/broker-caller.h): its pid may already name another
# process, so nothing can be known of who sent it. The broker is held
# busy by a first request (FSJAIL_BROKER_TEST_DELAY_MS); meanwhile a
# child of the command writes a request on a second connection and exits,
# and is reaped. The file it names must not be made and the refusal must
# be in the audit log; the first request, whose sender waits, is served.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

AUDIT=$STATE_DIR/audit.ndjson
cat >"$WS/gone.py" <<'PY'
import json, os, socket, sys, time
slow, gone = sys.argv[1:3]
def req(path):
    return (json.dumps({"id": path, "command": "HostFileOperation", "operation": "touch",
                        "path": path, "sessionId": os.environ["FSJAIL_SESSION_ID"],
                        "callId": os.environ["FSJAIL_CALL_ID"]}) + "\n").encode()
a = socket.socket(socket.AF_UNIX)
a.connect(os.environ["FSJAIL_BROKER_SOCKET"])
a.sendall(req(slow))
time.sleep(0.5)  # the broker is in its test delay now
b = socket.socket(socket.AF_UNIX)
b.connect(os.environ["FSJAIL_BROKER_SOCKET"])
pid = os.fork()
if pid == 0:
    b.sendall(req(gone))
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
grep -q "is gone: it exited before its request was read" "$AUDIT" 2>/dev/null ||
	fail "no audit line says the sender was gone"
end_test

begin_test "the request whose sender waited is served"
assert_exists "$WS/slow-made"
end_test

done_testing
