#!/bin/bash
# Without a mount namespace the seccomp listener opens, outside the
# command's Landlock domain, the slave of a pty whose master the command
# holds (att18, src/notify-pty.c). A master the command did not make
# gives it no terminal of the host (att19): one inherited from fsjail's
# caller, one received over a socket (SCM_RIGHTS), a descriptor swapped
# under the listener by another thread, and the other ways to name the
# node (openat2, a symlink, /proc/self/root, /proc/self/fd of an O_PATH
# descriptor, O_RDONLY, which Landlock alone checks, TIOCGPTPEER in the
# command). Each is refused, the host's terminal shows nothing the command
# wrote and keeps the line typed there. Before att19 tests 1-3 failed: the
# master inherited or received opened the host's terminal by name (O_RDWR,
# O_WRONLY, a symlink, /proc/self/fd, openat2), which showed MARKER and
# lost its line to the command; O_RDONLY, /proc/self/root and TIOCGPTPEER
# were refused already.
. "$(dirname "$0")/libserial.sh" pty
. "$(dirname "$0")/libpty.sh"
plan_user_pass FSJ_PTY_MASTER_USER_PASS 3
pty_setup no-mountns

# with_host_masters CODE: run fsjail -- python3 -c CODE with two ptys of
# the host made before it (a line "hunter2" typed on each): the master of
# the first inherited as descriptor $MASTER, its slave's name in $HOST;
# the master of the second sent to whoever connects to $WS/sock (granted),
# its slave's name in $HOST2. stdout: the command's, then "SHOWN <what the
# first terminal showed>", "SHOWN2 ..." and "KEPT <what is still to read
# on the first>", "KEPT2 ...".
with_host_masters()
{
	rm -f "$WS/sock"
	python3 - "$FSJAIL" "$WS" "$1" <<'PY' >"$OUT" 2>"$ERR"
import array, os, pty, socket, subprocess, sys, threading
fsjail, ws, code = sys.argv[1:4]
ptys = [pty.openpty() for _ in range(2)]
for m, s in ptys:
    os.write(m, b"hunter2\n")
srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
srv.bind(ws + "/sock")
srv.listen(1)
def serve():
    try:
        c, _ = srv.accept()
        c.sendmsg([b"m"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                            array.array("i", [ptys[1][0]]))])
        c.close()
    except OSError:
        pass
threading.Thread(target=serve, daemon=True).start()
m = ptys[0][0]
os.set_inheritable(m, True)
env = dict(os.environ, MASTER=str(m), HOST=os.ttyname(ptys[0][1]),
           HOST2=os.ttyname(ptys[1][1]), SOCK=ws + "/sock")
p = subprocess.run([fsjail, "run", "--workspace", ws, "--grant", "connect:" + ws + "/sock",
                    "--", "python3", "-c", code],
                   env=env, stdin=subprocess.DEVNULL, pass_fds=[m])
sys.stdout.flush()
for tag, (m, s) in zip(("", "2"), ptys):
    for what, fd in (("SHOWN", m), ("KEPT", s)):
        os.set_blocking(fd, False)
        try:
            got = os.read(fd, 4096)
        except OSError:
            got = b""
        print(what + tag, got, flush=True)
sys.exit(p.returncode)
PY
	RC=$?
}

# The command's tries, each "TAG OPENED" (then it writes MARKER there) or
# "TAG refused: ERRNO".
ATTACKS='
import ctypes, errno, os, select, struct, sys
def attempt(tag, f):
    try:
        fd = f()
    except OSError as e:
        print(tag, "refused:", errno.errorcode[e.errno], flush=True)
        return
    print(tag, "OPENED", flush=True)
    try:
        os.write(fd, b"MARKER\r\n")
    except OSError:
        pass
    if select.select([fd], [], [], 0.5)[0]:
        print(tag, "READ", os.read(fd, 100), flush=True)
'

begin_test "an inherited master of a host pty opens no slave of it, by any name"
with_host_masters "$ATTACKS"'
host = os.environ["HOST"]
master = int(os.environ["MASTER"])
O = os.O_NOCTTY
for fl, tag in ((os.O_RDWR, "rdwr"), (os.O_WRONLY, "wronly"), (os.O_RDONLY, "rdonly")):
    attempt(tag, lambda: os.open(host, fl | O))
os.symlink(host, "link")
attempt("symlink", lambda: os.open("link", os.O_RDWR | O))
attempt("proc-root", lambda: os.open("/proc/self/root" + host, os.O_RDWR | O))
p = os.open(host, os.O_PATH)
for fl, tag in ((os.O_RDWR, "fd-rdwr"), (os.O_RDONLY, "fd-rdonly")):
    attempt(tag, lambda: os.open("/proc/self/fd/%d" % p, fl | O))
libc = ctypes.CDLL(None, use_errno=True)
def openat2():
    how = struct.pack("QQQ", os.O_RDWR | O, 0, 0)
    r = libc.syscall(437, -100, host.encode(), how, len(how))
    if r < 0:
        raise OSError(ctypes.get_errno(), "openat2")
    return r
attempt("openat2", openat2)
import fcntl
attempt("peer", lambda: fcntl.ioctl(master, 0x5441, os.O_RDWR | O))'
assert_rc 0
for tag in rdwr wronly rdonly symlink proc-root fd-rdwr fd-rdonly openat2 peer; do
	assert_out_match "^$tag refused: E(ACCES|PERM|LOOP)\$"
done
assert_out_nomatch 'OPENED|READ'
assert_pty_kept
end_test

begin_test "a master received over a socket opens no slave of the host's"
with_host_masters "$ATTACKS"'
import array, socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ["SOCK"])
msg, anc, flags, addr = s.recvmsg(1, socket.CMSG_SPACE(4))
fds = [array.array("i", d[:4])[0] for lvl, typ, d in anc if typ == socket.SCM_RIGHTS]
print("RECEIVED", len(fds), flush=True)
attempt("received", lambda: os.open(os.environ["HOST2"], os.O_RDWR | os.O_NOCTTY))'
assert_rc 0
assert_out_match '^RECEIVED 1$'
assert_out_match '^received refused: EACCES$'
assert_out_nomatch 'OPENED|READ'
assert_pty_kept 2
end_test

begin_test "a master swapped under the listener opens no slave of the host's"
with_host_masters "$ATTACKS"'
import pty, threading
host = os.environ["HOST"]
master = int(os.environ["MASTER"])
own_m, own_s = pty.openpty()
own = os.ttyname(own_s)
stop = False
def swap():
    while not stop:
        os.dup2(master, 100)
        os.dup2(own_m, 100)
threading.Thread(target=swap, daemon=True).start()
for i in range(100):
    attempt("swapped", lambda: os.open(host, os.O_RDWR | os.O_NOCTTY))
    fd = os.open(own, os.O_RDWR | os.O_NOCTTY)
    os.close(fd)
stop = True
print("OWN-AGAIN-OK", flush=True)'
assert_rc 0
assert_out_match '^OWN-AGAIN-OK$'
assert_out_match '^swapped refused: EACCES$'
assert_out_nomatch 'OPENED|READ'
assert_pty_kept
end_test

end_user_pass
done_testing
