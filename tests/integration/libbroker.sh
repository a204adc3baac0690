# shellcheck shell=bash
# libbroker.sh - helpers of the tests of the broker's judging of each
# request's sender (t0402-t0404, t0417): the set-up, the audit log, and
# a Python module the command imports to connect and to send a request.
# Sourced after libtest.sh.

# broker_begin N: plan N tests, set up (libtest.sh) with Landlock, set
# AUDIT (the audit log) and write the Python module (broker_py).
broker_begin()
{
	plan "$1"
	setup
	require_landlock
	AUDIT=$STATE_DIR/audit.ndjson
	broker_py
}

# broker_py: write $WS/fsjbroker.py, imported by a script in $WS run
# inside fsjail (python3 puts the script's folder first on sys.path):
#   connect()                   a socket connected to the run's broker
#   request(op, path, **more)   one HostFileOperation line, as bytes
#   child_sends(b, data, become=None)
#                               a child calls become(), sends data on b
#                               and lives until the parent has read and
#                               printed the reply ("reply=...")
broker_py()
{
	cat >"$WS/fsjbroker.py" <<'PY'
import json, os, socket

def connect():
    b = socket.socket(socket.AF_UNIX)
    b.connect(os.environ["FSJAIL_BROKER_SOCKET"])
    return b

def request(op, path, rid="x", **more):
    r = {"id": rid, "command": "HostFileOperation", "operation": op, "path": path,
         "sessionId": os.environ["FSJAIL_SESSION_ID"], "callId": os.environ["FSJAIL_CALL_ID"]}
    r.update(more)
    return (json.dumps(r) + "\n").encode()

def child_sends(b, data, become=None):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the sender lives until its reply is read: a gone one is refused
        os.close(w)
        if become:
            become()
        b.sendall(data)
        os.read(r, 1)
        os._exit(0)
    b.settimeout(10)
    print("reply=" + b.recv(4096).decode().strip())
    os.close(w)
    os.waitpid(pid, 0)
PY
}

# audit_says TEXT WHAT: fail with "no audit line says WHAT" unless the
# audit log has TEXT (a grep pattern).
audit_says()
{
	grep -q "$1" "$AUDIT" 2>/dev/null || fail "no audit line says $2"
}
