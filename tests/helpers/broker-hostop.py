# broker-hostop.py - HostFileOperation requests to the run's broker
# (DESIGN.md section 8), read by the broker tests as the code of
# `python3 -c "$HOSTOP" JSON...` inside `fsjail run`: each JSON argument
# is one request's own members (id, command, sessionId and callId are
# added), sent in order on a connection of its own; prints each reply line.
import json, os, socket, sys
for a in sys.argv[1:]:
    req = json.loads(a)
    req.update({"id": 1, "command": "HostFileOperation",
                "sessionId": os.environ["FSJAIL_SESSION_ID"], "callId": "t"})
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(os.environ["FSJAIL_BROKER_SOCKET"])
    s.sendall((json.dumps(req) + "\n").encode())
    print(s.recv(4000).decode().strip())
