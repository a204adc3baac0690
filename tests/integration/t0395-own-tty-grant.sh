#!/bin/bash
# Without a mount namespace Landlock grants in the host's /dev/pts only
# the command's own terminals (att18, src/devpts.c devpts_own_ttys()):
# a pty slave on descriptor 0, 1 or 2 whose node in /dev/pts is that very
# file, and the controlling terminal. What it holds that is not such a
# slave grants nothing (att19): a master on descriptor 0, a slave of
# another devpts instance whose index names another terminal of the host,
# another user's terminal (su, runuser: the kernel's own rule holds). On
# its own terminal TIOCSTI is refused (nothing is pushed into the input of
# the shell that started fsjail), and /dev/tty in a new session of its own
# opens no terminal but that one. Before att19 test 1 failed (the
# listener opened the slave of the master on descriptor 0); the others
# passed.
. "$(dirname "$0")/libserial.sh" pty
. "$(dirname "$0")/libpty.sh"
plan_user_pass FSJ_OWN_TTY_GRANT_USER_PASS 4
pty_setup no-mountns

# on_tty HOW CODE [RUNUSER...]: run [RUNUSER...] fsjail -- python3 -c CODE
# with a new pty A of the host as its controlling terminal and another, B,
# made before it, where "hunter2" is typed and unread (its name in
# $OTHER, its index in $OTHER_N). HOW says what descriptor 0 is: "slave"
# (A's slave; 1 and 2 too), "master" (B's master; 1 and 2 are /dev/null) or
# "instance" (the slave of a devpts instance of its own mounted in $T/pts
# whose index is B's; root only). stdout: the command's (where its stdout
# is not A: a pipe; else what A showed), then "SHOWN-B <what B showed>", "KEPT-B <what is
# unread on B>", "KEPT-A <what is unread on A>" and "A-RDEV <A's device>".
on_tty()
{
	python3 - "$T" "$FSJAIL" "$WS" "$@" <<'PY' >"$OUT" 2>"$ERR"
import fcntl, os, pty, subprocess, sys, termios
t, fsjail, ws, how, code = sys.argv[1:6]
pre = sys.argv[6:]
am, a = pty.openpty()
bm, b = pty.openpty()
os.write(bm, b"hunter2\n")
other = os.ttyname(b)
n = int(other.rsplit("/", 1)[1])
held = []
if how == "instance":
    os.makedirs(t + "/pts", exist_ok=True)
    subprocess.run(["mount", "-t", "devpts", "-o", "newinstance,ptmxmode=0666", "devpts",
                    t + "/pts"], check=True)
    import atexit
    atexit.register(lambda: subprocess.run(["umount", "-l", t + "/pts"]))
    while True:
        m = os.open(t + "/pts/ptmx", os.O_RDWR | os.O_NOCTTY)
        held.append(m)
        idx = fcntl.ioctl(m, 0x80045430, b"\0\0\0\0")  # TIOCGPTN
        idx = int.from_bytes(idx, sys.byteorder)
        if idx >= n:
            break
    fcntl.ioctl(m, 0x40045431, b"\0\0\0\0")  # TIOCSPTLCK
    stdin = os.open(t + "/pts/%d" % idx, os.O_RDWR | os.O_NOCTTY)
    print("INSTANCE", idx == n, flush=True)
    out = subprocess.PIPE
elif how == "master":
    stdin, out = bm, subprocess.PIPE
else:
    stdin, out = a, a
def ctty():
    os.setsid()
    fcntl.ioctl(a, termios.TIOCSCTTY, 0)
env = dict(os.environ, OTHER=other, OTHER_N=str(n))
p = subprocess.run(pre + [fsjail, "run", "--workspace", ws, "--", "python3", "-c", code],
                   env=env, stdin=stdin, stdout=out, stderr=out, preexec_fn=ctty)
if out == subprocess.PIPE:
    sys.stdout.write(p.stdout.decode(errors="replace"))
else:
    os.set_blocking(am, False)
    try:
        sys.stdout.write(os.read(am, 65536).decode(errors="replace").replace("\r", ""))
    except OSError:
        pass
if how == "instance":
    for m in held:
        os.close(m)
    os.close(stdin)
for tag, fd in (("SHOWN-B", bm), ("KEPT-B", b), ("KEPT-A", a)):
    os.set_blocking(fd, False)
    try:
        got = os.read(fd, 4096)
    except OSError:
        got = b""
    print(tag, got)
print("A-RDEV", os.fstat(a).st_rdev, flush=True)
sys.exit(p.returncode)
PY
	RC=$?
}

# The command's try at B by name, and at the node named by the index of
# its descriptor 0.
TRY='
import errno, os, select, sys
def attempt(tag, name):
    try:
        fd = os.open(name, os.O_RDWR | os.O_NOCTTY)
    except OSError as e:
        print(tag, "refused:", errno.errorcode[e.errno], flush=True)
        return
    print(tag, "OPENED", name, flush=True)
    os.write(fd, b"MARKER\r\n")
    if select.select([fd], [], [], 0.5)[0]:
        print(tag, "READ", os.read(fd, 100), flush=True)
attempt("other", os.environ["OTHER"])
'

begin_test "a master on descriptor 0 grants no slave of the host's"
on_tty master "$TRY"
assert_rc 0
assert_out_match '^other refused: EACCES$'
assert_out_nomatch 'OPENED|READ'
assert_pty_kept -B
end_test

if ! is_root; then
	skip_root "mounting a devpts instance"
else
	begin_test "a slave of another devpts instance grants not the host's of its index"
	on_tty instance "$TRY"'
st = os.fstat(0)
print("RDEV0", os.major(st.st_rdev), os.minor(st.st_rdev), flush=True)
attempt("index", "/dev/pts/%d" % os.minor(st.st_rdev))'
	assert_rc 0
	assert_out_match '^INSTANCE True$'
	assert_out_match '^RDEV0 136 '
	assert_out_match '^other refused: EACCES$'
	assert_out_match '^index refused: EACCES$'
	assert_out_nomatch 'OPENED|READ'
	assert_pty_kept -B
	end_test
fi

begin_test "TIOCSTI on its own terminal is refused; /dev/tty opens only that"
on_tty slave "$TRY"'
import fcntl, termios
try:
    fcntl.ioctl(0, termios.TIOCSTI, b"Z")
    print("STI PUSHED")
except OSError as e:
    print("sti refused:", errno.errorcode[e.errno])
r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    try:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
        dev = int.from_bytes(fcntl.ioctl(fd, 0x80045432, b"\0" * 4), sys.byteorder)
        os.write(w, b"TTY %d\n" % dev)
    except OSError as e:
        os.write(w, b"tty refused: %s\n" % errno.errorcode[e.errno].encode())
    os._exit(0)
os.wait()
os.close(w)
print(os.read(r, 100).decode().strip())'
assert_rc 0
TTY=$(sed -n 's/^TTY //p' "$OUT")
[ -z "$TTY" ] || [ "$TTY" = "$(sed -n 's/^A-RDEV //p' "$OUT")" ] ||
	fail "/dev/tty in a new session opened another terminal: $TTY"
assert_out_match '^(TTY [0-9]+|tty refused: ENXIO)$'
assert_out_match '^sti refused: E(PERM|ACCES)$'
assert_out_nomatch 'STI PUSHED'
assert_out_nomatch "^KEPT-A b'.*Z"
assert_out_match '^other refused: EACCES$'
assert_out_nomatch 'OPENED|READ'
assert_pty_kept -B
end_test

if ! U=$(user_folder); then
	skip_root "a terminal of root's given to cloudsdk"
else
	begin_test "another user's terminal on 0, 1, 2 (runuser) opens by name only as the kernel allows"
	runuser -u cloudsdk -- mkdir "$U/ws"
	WS=$U/ws on_tty slave "$TRY"'
attempt("own", os.ttyname(0))' runuser -u cloudsdk -- env HOME="$U" \
		FSJAIL_HOME="$U/fsjail-home" FSJAIL_DATADIR="$FSJAIL_DATADIR"
	assert_rc 0
	assert_out_match '^own refused: EACCES$'
	assert_out_match '^other refused: EACCES$'
	assert_out_nomatch 'OPENED|READ'
	assert_pty_kept -B
	end_test
	rm -rf "$U"
fi

end_user_pass
done_testing
