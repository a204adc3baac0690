#!/bin/bash
# The `connect` capability (issue 13 item 2; DESIGN.md section 2): a
# pathname Unix socket outside the sandbox is reached only with a rule
# allowing connect on it. Below Landlock ABI 9 the seccomp listener
# performs every connect and named send itself, on its own copy of the
# caller's socket, with the address it read once (src/notify-sock.c).
# Listeners outside are started by this script; each asserts what reached
# the server, not only what the client says: refused without a rule,
# reached with one, a socket the command binds itself in the workspace is
# reachable, a workspace symlink to the outside socket is refused, a
# datagram to an outside socket is not delivered, a client racing its
# address between an allowed and a denied socket never reaches the denied
# one, a socket cannot be bound where the rules give no create, and the
# refusal is in the summary and in --report.
. "$(dirname "$0")/libtest.sh"

plan 10
: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
setup
require_landlock

SOCKS=$T/socks
mkdir -p "$SOCKS"
chmod 755 "$T" "$SOCKS"
PIDS=
trap 'for p in $PIDS; do kill $p 2>/dev/null; done; wait 2>/dev/null; cleanup' EXIT

# listen NAME stream|dgram: a listener at $SOCKS/NAME logging to $SOCKS/NAME.log.
listen()
{
	: >"$SOCKS/$1.log"
	python3 "$TEST_SRCDIR/helpers/unix-listen.py" "$SOCKS/$1" "$2" "$SOCKS/$1.log" &
	PIDS="$PIDS $!"
	for _ in $(seq 100); do
		[ -s "$SOCKS/$1.log.ready" ] && return 0
		sleep 0.05
	done
	bail_out "the listener $1 did not start"
}
listen out.sock stream
listen den.sock stream
listen dgr.sock dgram

cat >"$WS/client.py" <<'PY'
import socket, sys
kind, path = sys.argv[1], sys.argv[2]
try:
    if kind == "stream":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
    elif kind == "dgram":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.sendto(b"hello-dgram", path)
    elif kind == "dgram-msg":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.sendmsg([b"hello-", b"sendmsg"], [], 0, path)
    elif kind == "bind":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(path)
    elif kind == "own":
        l = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        l.bind(path)
        l.listen(1)
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        c, _ = l.accept()
        s.send(b"x")
        assert c.recv(1) == b"x"
    print("result=ok")
except OSError as e:
    print("result=%s" % (e.strerror,))
PY
conns() { grep -c '^conn' "$SOCKS/$1.log"; }

begin_test "no connect rule: an outside socket is refused and its server sees nothing"
fsj --report "$T/report" -- python3 "$WS/client.py" stream "$SOCKS/out.sock"
assert_out_match 'result=Permission denied'
sleep 0.2
[ "$(conns out.sock)" = 0 ] || fail "the outside server saw a connection"
end_test

begin_test "the refusal is in the end-of-run summary and in --report"
assert_err_match "connect $SOCKS/out.sock"
grep -q "connect" "$T/report" && grep -q "$SOCKS/out.sock" "$T/report" ||
	fail "--report does not name the socket"
end_test

begin_test "a rule allowing connect on the socket (recursive: false) reaches it"
write_rules <<YAML
rules:
  - path: $SOCKS/out.sock
    recursive: false
    allow: [connect]
YAML
fsj -- python3 "$WS/client.py" stream "$SOCKS/out.sock"
assert_out_match 'result=ok'
sleep 0.2
[ "$(conns out.sock)" = 1 ] || fail "the server saw $(conns out.sock) connections, not 1"
end_test

begin_test "a socket the command binds itself in the workspace is reachable"
fsj -- python3 "$WS/client.py" own "$WS/own.sock"
assert_out_match 'result=ok'
end_test

begin_test "a workspace symlink to an outside socket is refused"
ln -s "$SOCKS/den.sock" "$WS/link.sock"
fsj -- python3 "$WS/client.py" stream "$WS/link.sock"
assert_out_match 'result=Permission denied'
sleep 0.2
[ "$(conns den.sock)" = 0 ] || fail "the server behind the symlink saw a connection"
end_test

begin_test "a datagram sent to an outside socket is not delivered"
fsj -- python3 "$WS/client.py" dgram "$SOCKS/dgr.sock"
assert_out_match 'result=Permission denied'
fsj -- python3 "$WS/client.py" dgram-msg "$SOCKS/dgr.sock"
assert_out_match 'result=Permission denied'
sleep 0.3
grep -q dgram "$SOCKS/dgr.sock.log" && fail "the outside datagram socket received: $(cat "$SOCKS/dgr.sock.log")"
end_test

begin_test "binding a socket where the rules give no create is refused, and no socket file is made"
fsj -- python3 "$WS/client.py" bind "$SOCKS/planted.sock"
assert_out_match 'result=Permission denied'
assert_not_exists "$SOCKS/planted.sock"
assert_err_match "create $SOCKS/planted.sock"
end_test

begin_test "a client racing its address between an allowed and a denied socket never reaches the denied one"
cp "$TEST_BUILDDIR/helpers/connect-race" "$WS/race" || bail_out "no connect-race helper"
before=$(conns out.sock)
fsj -- "$WS/race" "$SOCKS/out.sock" "$SOCKS/den.sock" 3000
assert_rc 0
assert_out_match 'connected=[1-9]'
sleep 0.3
[ "$(conns den.sock)" = 0 ] || fail "the denied server saw $(conns den.sock) connections"
[ "$(conns out.sock)" -gt "$before" ] || fail "the allowed server saw nothing: the race did not run"
diag "$(cat "$OUT")"
end_test

begin_test "a TCP connect and a UDP send still work (performed for the caller)"
fsj -- python3 -c '
import socket
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", 0))
c = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
c.sendto(b"udp", u.getsockname())
assert u.recv(10) == b"udp"
l = socket.socket()
l.bind(("127.0.0.1", 0))
l.listen(1)
t = socket.create_connection(l.getsockname())
t.sendall(b"tcp")
a, _ = l.accept()
assert a.recv(10) == b"tcp"
print("inet=ok")'
assert_rc 0
assert_out_match 'inet=ok'
end_test

begin_test "descriptors still pass over a socket pair; an abstract name the command bound is reachable, another is not (EPERM)"
fsj -- python3 -c '
import os, socket
a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
r, w = os.pipe()
socket.send_fds(a, [b"m"], [w])
msg, fds, _, _ = socket.recv_fds(b, 10, 4)
os.write(fds[0], b"Z")
print("fds=%s" % (os.read(r, 1) == b"Z"))
l = socket.socket(socket.AF_UNIX)
l.bind("\0fsjail-t0066-own")
l.listen(1)
socket.socket(socket.AF_UNIX).connect("\0fsjail-t0066-own")
print("own-abstract=ok")
try:
    socket.socket(socket.AF_UNIX).connect("\0fsjail-t0066-other")
    print("other-abstract=connected")
except OSError as e:
    print("other-abstract=%s" % e.strerror)'
assert_out_match 'fds=True'
assert_out_match 'own-abstract=ok'
assert_out_match 'other-abstract=Operation not permitted'
end_test

done_testing
