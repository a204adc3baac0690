#!/bin/bash
# network: deny leaves no VM socket open (peer26). AF_VSOCK takes no
# notice of network namespaces: from the run's own namespace (loopback
# only, t0064) a command still made a vsock socket and reached the
# hypervisor's host (CID 2: "connection reset", an answer from outside,
# on this Firecracker guest) and any VM listening there. Container
# runtimes met the same hole and refuse socket(AF_VSOCK) in their default
# seccomp profiles (containerd/containerd issue 7442, moby/moby PR 44562:
# "anyone can just connect from any pod to any VM"). The seccomp method
# (FSJAIL_NO_NET_NAMESPACE=1) already refused every family but AF_UNIX and
# AF_NETLINK; the namespace method now stacks a filter refusing the
# families a network namespace does not isolate, and i386 socketcall's
# SYS_SOCKET, whose family is in memory.
# Asserts, as root and as an ordinary user: under --network deny with each
# method socket(AF_VSOCK) fails EACCES and nothing is sent; a Unix socket
# pair still works; with network allowed the socket is made
# (the control, where this kernel has vsock).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0561_USER 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed for the sockets"

# vsock.py: a vsock socket, and a connect to the host (CID 2) with it;
# then a Unix socket pair, which network: deny leaves alone.
cat >"$WS/vsock.py" <<'PY'
import socket
try:
    s = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
    print("socket=ok")
    s.settimeout(3)
    try:
        s.connect((2, 9))
        print("connect=ok")
    except OSError as e:
        print("connect=errno%d" % e.errno)
except OSError as e:
    print("socket=errno%d" % e.errno)
try:
    a, b = socket.socketpair()
    a.send(b"x")
    print("unix=ok" if b.recv(1) == b"x" else "unix=lost")
except OSError as e:
    print("unix=errno%d" % e.errno)
PY
python3 -c 'import socket; socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)' 2>"$T/vs" ||
	skip_rest_kernel "this kernel makes no AF_VSOCK socket: $(tail -1 "$T/vs")"

begin_test "network allowed: the vsock socket is made (control)"
fsj --network allow -- python3 vsock.py
assert_rc 0
assert_out_match '^socket=ok$'
end_test

begin_test "netns: under --network deny socket(AF_VSOCK) fails EACCES; Unix sockets work"
fsj --network deny -- python3 vsock.py
assert_rc 0
assert_out_match '^socket=errno13$'
assert_out_nomatch '^connect='
assert_out_match '^unix=ok$'
end_test

begin_test "seccomp: under --network deny socket(AF_VSOCK) fails EACCES"
FSJAIL_NO_NET_NAMESPACE=1 fsj --network deny -- python3 vsock.py
assert_rc 0
assert_out_match '^socket=errno13$'
assert_out_nomatch '^connect='
end_test

end_user_pass
done_testing
