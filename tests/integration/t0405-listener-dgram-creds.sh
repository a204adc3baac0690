#!/bin/bash
# A Unix datagram the seccomp listener sends for the command (below
# Landlock ABI 9, src/notify-sock.c) must name the command's process to a
# receiver that asks who sent it (SO_PASSCRED), not fsjail's (att21;
# src/notify-sockctl.c): fsjail is a host process outside every sandbox,
# and a daemon that trusts a peer pid would trust it. The receiver here,
# outside the sandbox, reads SCM_CREDENTIALS of a sendto and of a sendmsg
# and looks the pid up while the sender still lives: its name must be the
# sender's (python3), never fsjail. As root fsjail names the caller; as an
# ordinary user (no CAP_SYS_ADMIN: the kernel lets it name only itself)
# the datagram is refused, and the receiver gets nothing; a datagram to
# a socket the command bound itself is delivered in both cases.
. "$(dirname "$0")/libtest.sh"

plan_user_pass T0405_USER_PASS 3
setup
require_landlock

SOCKS=$T/socks
mkdir -p "$SOCKS"
chmod 755 "$T" "$SOCKS"
cat >"$T/recv.py" <<'PY'
import os, socket, struct, sys
path, out = sys.argv[1:3]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
os.chmod(path, 0o777)
s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
s.settimeout(25)
open(path + ".ready", "w").close()
for _ in range(2):
    msg, anc, _, _ = s.recvmsg(4096, socket.CMSG_SPACE(12))
    pid = 0
    for level, kind, data in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
            pid = struct.unpack("iII", data[:12])[0]
    try:
        comm = open("/proc/%d/comm" % pid).read().strip()
    except OSError:
        comm = "?"
    with open(out, "a") as f:
        f.write("%s comm=%s\n" % (msg.decode(), comm))
PY
: >"$T/recv.out"
timeout 30 python3 "$T/recv.py" "$SOCKS/dg.sock" "$T/recv.out" &
RECV=$!
for _ in $(seq 100); do
	[ -e "$SOCKS/dg.sock.ready" ] && break
	sleep 0.05
done
write_rules <<EOF
rules:
  - path: $SOCKS/dg.sock
    recursive: false
    allow: [connect]
EOF

fsj -- python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
for how in ("sendto", "sendmsg"):
    try:
        if how == "sendto":
            s.sendto(b"sendto", sys.argv[1])
        else:
            s.sendmsg([b"sendmsg"], [], 0, sys.argv[1])
        print(how + "=sent")
    except OSError as e:
        print(how + "=" + e.strerror)
own = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
own.bind(sys.argv[2])
s.sendto(b"own", sys.argv[2])
print("own=" + own.recv(16).decode())
time.sleep(2)' "$SOCKS/dg.sock" "$WS/own.sock"
sleep 0.5
kill "$RECV" 2>/dev/null
wait "$RECV" 2>/dev/null
diag_file "the receiver saw" "$T/recv.out"
diag_file "the sender said" "$OUT"

for how in sendto sendmsg; do
	if [ "$USER_PASS" = 1 ]; then
		begin_test "as an ordinary user, a datagram sent with $how is refused, not sent as fsjail's"
		grep -q "^$how" "$T/recv.out" && fail "the receiver got the $how datagram"
		grep -qx "$how=Permission denied" "$OUT" || fail "the $how was not refused (EACCES)"
		grep -q "CAP_SYS_ADMIN" "$ERR" || fail "the refusal does not say why"
	else
		begin_test "a datagram sent with $how names the command's process, not fsjail"
		grep -qx "$how comm=python3" "$T/recv.out" ||
			fail "the receiver did not see the sender python3 for $how"
	fi
	end_test
done

begin_test "a datagram to a socket the command bound itself is still delivered"
grep -qx "own=own" "$OUT" || fail "the command's datagram to its own socket did not arrive"
end_test

end_user_pass
done_testing
