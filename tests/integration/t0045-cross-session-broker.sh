#!/bin/bash
# a broker accepts any request that names its session id, and the
# id is only a bearer token. A command in one sandbox (here read-only mode)
# reads another run's FSJAIL_SESSION_ID and FSJAIL_BROKER_SOCKET from
# /proc/PID/environ (t0909) and has that run's broker act for it under the
# other run's wider policy. A broker must serve only its own command tree
# (for instance check that the peer is a process of its sandbox).
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

mkdir -p "$HOME/proj"
cat >"$T/rules-wide.yaml" <<EOF
rules:
  - path: ~/proj
    allow: [read, write, create]
EOF
"$FSJAIL" run --workspace "$WS" --rules "$T/rules-wide.yaml" -- sleep 15 >/dev/null 2>&1 &
OTHER=$!
sleep 2

CLIENT='
import json, os, socket, sys
mine = os.environ.get("FSJAIL_SESSION_ID")
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        env = dict(e.split(b"=", 1) for e in open("/proc/%s/environ" % pid, "rb").read().split(b"\0") if b"=" in e)
    except OSError:
        continue
    sid = env.get(b"FSJAIL_SESSION_ID", b"").decode()
    if sid and sid != mine:
        s = socket.socket(socket.AF_UNIX)
        s.connect(env[b"FSJAIL_BROKER_SOCKET"].decode())
        s.sendall((json.dumps({"id": 1, "command": "HostFileOperation", "operation": "touch",
                               "path": sys.argv[1], "sessionId": sid, "callId": "x"}) + "\n").encode())
        print(s.recv(4000).decode()); break
'

begin_test "a read-only sandbox cannot use another run's broker"
# Without its pid namespace the attacker sees the other run in /proc, as on
# a kernel without one: the broker's own peer check must hold by itself.
FSJAIL_NO_PID_NAMESPACE=1 fsj --mode read-only -- python3 -c "$CLIENT" "$HOME/proj/via-other-broker"
assert_not_exists "$HOME/proj/via-other-broker"
end_test

kill "$OTHER" 2>/dev/null
wait "$OTHER" 2>/dev/null
done_testing
