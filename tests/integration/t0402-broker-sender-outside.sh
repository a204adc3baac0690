#!/bin/bash
# The broker judges who sent each request, not who connected (att21;
# src/broker-caller.h). A broker connection is just a descriptor: the
# command connects, then passes it with SCM_RIGHTS to a process outside
# its tree (here a host process that connects to a socket the command
# bound in the workspace), which writes a request, or only the end of a
# request the command began (two writers on one line). Each must be
# refused (the file it names is not made) with the reason in the audit
# log; a child of the connector, in the tree, is still served.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libbroker.sh"

broker_begin 3
# The command: connect to the broker, begin the request (mixed) or not,
# bind $WS/pass.sock and hand the broker descriptor with the rest of the
# request to whoever connects; wait for its "done".
cat >"$WS/pass.py" <<'PY'
import array, os, socket, sys
import fsjbroker
mode, sock_path, target = sys.argv[1:4]
b = fsjbroker.connect()
rest = req = fsjbroker.request("touch", target)
if mode == "mixed":
    cut = req.index(target.encode())
    b.sendall(req[:cut])
    rest = req[cut:]
if mode == "child":
    fsjbroker.child_sends(b, req)
    sys.exit(0)
srv = socket.socket(socket.AF_UNIX)
srv.bind(sock_path)
srv.listen(1)
srv.settimeout(10)
c, _ = srv.accept()
c.sendmsg([rest], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [b.fileno()]))])
c.settimeout(10)
print("outside=" + c.recv(4096).decode())
PY
# The outside process: take the descriptor, write what came with it, read
# the broker's reply, say done.
cat >"$T/outside.py" <<'PY'
import array, os, socket, sys, time
sock_path, out = sys.argv[1:3]
s = socket.socket(socket.AF_UNIX)
for _ in range(400):  # 20 s for the command to bind and listen (refused between)
    if s.connect_ex(sock_path) == 0:
        break
    time.sleep(0.05)
msg, anc, _, _ = s.recvmsg(65536, socket.CMSG_SPACE(4))
fds = array.array("i")
fds.frombytes(anc[0][2][:4])
b = socket.socket(fileno=fds[0])
b.sendall(msg)
b.settimeout(10)
try:
    reply = b.recv(4096).decode().strip()
except OSError as e:
    reply = "error " + str(e)
open(out, "w").write(reply + "\n")
s.sendall(b"done")
PY

# pass_run MODE TARGET: the command and the outside process, once.
pass_run()
{
	rm -f "$WS/pass.sock" "$T/outside.out"
	timeout 30 python3 "$T/outside.py" "$WS/pass.sock" "$T/outside.out" &
	local outside=$!
	fsj -- timeout 20 python3 "$WS/pass.py" "$1" "$WS/pass.sock" "$2"
	wait "$outside"
	diag "outside process got: $(cat "$T/outside.out" 2>/dev/null)"
}

begin_test "a request written by a process outside the run's tree on a passed broker descriptor is refused"
pass_run whole "$WS/outside-made"
assert_not_exists "$WS/outside-made"
audit_says "not in this run's process tree" "the sender is outside the run's process tree"
end_test

begin_test "a request begun by the command and ended by an outside process is refused (mixed writers)"
pass_run mixed "$WS/mixed-made"
assert_not_exists "$WS/mixed-made"
audit_says "mixed writers" "the request had mixed writers"
end_test

begin_test "a child of the connector, in the run's tree, is still served on the inherited descriptor"
fsj -- timeout 20 python3 "$WS/pass.py" child "$WS/pass.sock" "$WS/child-made"
assert_rc 0
assert_exists "$WS/child-made"
end_test

done_testing
