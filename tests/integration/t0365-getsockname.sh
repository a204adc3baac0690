#!/bin/bash
# A pathname Unix socket the listener binds for the command (in the folder
# it holds, by the last component) reports to getsockname(2) the address
# the command asked for, as without fsjail (src/notify-sockname.c): the
# kernel kept the bare last component, so Python's
# multiprocessing.connection.Listener and multiprocessing.Manager() handed
# their clients a name that is not there (ENOENT), and Go's
# net.Listen("unix") reported the wrong Addr(). Tests 1-3 fail before;
# test 4 guards what must not change (TCP, abstract, unnamed sockets).
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_GETSOCKNAME_USER_PASS 4
setup
require_landlock

begin_test "multiprocessing.connection Listener/Client round trip, mkdtemp and workspace"
mkdir -p "$WS/sub"
fsj -- python3 -c '
import os, signal, tempfile, threading
signal.alarm(60) # a client that cannot connect leaves accept() waiting
from multiprocessing.connection import Listener, Client
def trip(addr):
    with Listener(addr, family="AF_UNIX") as l:
        got = l.address
        def serve():
            with l.accept() as c:
                c.send(c.recv() + 1)
        t = threading.Thread(target=serve, daemon=True)
        t.start()
        with Client(got, family="AF_UNIX") as c:
            c.send(41)
            print(addr, got, c.recv())
        t.join()
trip(os.path.join(tempfile.mkdtemp(), "listener"))
trip("sub/rel.sock")
trip(os.path.abspath("sub/abs.sock"))'
assert_rc 0
assert_out_match "^/tmp/[^ ]*/listener /tmp/[^ ]*/listener 42$"
assert_out_match "^sub/rel.sock sub/rel.sock 42$"
assert_out_match "^$WS/sub/abs.sock $WS/sub/abs.sock 42$"
end_test

begin_test "multiprocessing.Manager() works"
fsj -- python3 -c '
import multiprocessing, signal
if __name__ == "__main__":
    signal.alarm(60)
    with multiprocessing.Manager() as m:
        d = m.dict()
        d["a"] = 7
        print("MANAGER", d["a"])'
assert_rc 0
assert_out_eq "MANAGER 7"
end_test

begin_test "getsockname writes the path as the kernel would: truncated, full length, EFAULT"
fsj -- python3 -c '
import ctypes, os, socket, tempfile
libc = ctypes.CDLL(None, use_errno=True)
d = tempfile.mkdtemp()
os.chdir(d)
s = socket.socket(socket.AF_UNIX)
s.bind("here.sock")
print("REL", s.getsockname())
t = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
t.bind(os.path.join(d, "dgram"))
print("ABS", t.getsockname() == os.path.join(d, "dgram"))
buf = ctypes.create_string_buffer(b"\xee" * 16)
n = ctypes.c_int(5)
r = libc.getsockname(s.fileno(), buf, ctypes.byref(n))
print("SHORT", r, n.value, buf.raw[2:5], buf.raw[5:7])
n = ctypes.c_int(-1)
r = libc.getsockname(s.fileno(), buf, ctypes.byref(n))
print("NEG", r, ctypes.get_errno() == 22)
r = libc.getsockname(s.fileno(), buf, ctypes.c_void_p(8))
print("FAULT", r, ctypes.get_errno() == 14)'
assert_rc 0
assert_out_match "^REL here.sock$"
assert_out_match "^ABS True$"
assert_out_match "^SHORT 0 12 b'her' b'\\\\xee\\\\xee'$"
assert_out_match "^NEG -1 True$"
assert_out_match "^FAULT -1 True$"
end_test

begin_test "TCP, abstract and unnamed sockets report what the kernel says"
fsj -- python3 -c '
import os, socket, tempfile
u = socket.socket(socket.AF_UNIX)
u.bind(os.path.join(tempfile.mkdtemp(), "s"))
t = socket.socket()
t.bind(("127.0.0.1", 0))
host, port = t.getsockname()
print("TCP", host, port > 0)
a = socket.socket(socket.AF_UNIX)
a.bind("\0fsjail-t0365-%d" % os.getpid())
print("ABSTRACT", a.getsockname() == b"\0fsjail-t0365-%d" % os.getpid())
print("UNNAMED", repr(socket.socket(socket.AF_UNIX).getsockname()))'
assert_rc 0
assert_out_match "^TCP 127.0.0.1 True$"
assert_out_match "^ABSTRACT True$"
assert_out_match "^UNNAMED ''$"
end_test

end_user_pass
done_testing
