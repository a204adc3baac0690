#!/bin/bash
# Without a mount namespace the command keeps its own terminal and the
# ptys it makes (att18): Landlock grants in the host's /dev/pts only the
# terminals it holds when it starts (t0389), by device and inode
# (src/devpts.c devpts_own_ttys()), and the seccomp listener opens by name
# a pty whose master the caller holds (src/notify-pty.c), since Landlock
# refuses even TIOCGPTPEER there. `fsjail compile` and `fsjail status`
# say which /dev/pts the run gets. Before, the host's whole /dev/pts was
# granted: tests 1 and 3 failed only where they try another terminal of
# the host, test 4 failed, test 2 passed.
. "$(dirname "$0")/libserial.sh" pty
. "$(dirname "$0")/libpty.sh"
plan_user_pass FSJ_OWN_PTY_NOMNT_USER_PASS 4
pty_setup no-mountns

# in_pty [redirect] CMD...: run fsjail on a new pty of the host, its
# controlling terminal, with two other host ptys open first; with
# "redirect" its descriptors 0, 1, 2 are /dev/null and $T/redir.out
# instead. stdout gets "OUTER <name of the pty>", "OTHER <name of another
# host pty>" (also in $OTHER for the command), then what the command wrote
# on the pty (and, redirected, in $T/redir.out).
in_pty()
{
	python3 - "$T" "$FSJAIL" "$WS" "$@" <<'PY' >"$OUT" 2>"$ERR"
import fcntl, os, pty, subprocess, sys, termios
t, fsjail, ws = sys.argv[1:4]
args = sys.argv[4:]
redirect = args[0] == "redirect"
if redirect:
    args = args[1:]
others = [pty.openpty() for _ in range(2)]
m, s = pty.openpty()
print("OUTER", os.ttyname(s))
print("OTHER", os.ttyname(others[1][1]), flush=True)
def ctty():
    os.setsid()
    fcntl.ioctl(s, termios.TIOCSCTTY, 0)
env = dict(os.environ, OTHER=os.ttyname(others[1][1]))
if redirect:
    log = open(t + "/redir.out", "w")
    p = subprocess.Popen([fsjail, "run", "--workspace", ws, "--"] + args, env=env,
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=ctty)
else:
    p = subprocess.Popen([fsjail, "run", "--workspace", ws, "--"] + args, env=env,
                         stdin=s, stdout=s, stderr=s, preexec_fn=ctty)
out = b""
if redirect:
    # the slave stays open here: the terminal lives on with no descriptor
    # of the command's on it, and its output waits on the master
    rc = p.wait()
    os.set_blocking(m, False)
else:
    os.close(s)
while True:
    try:
        b = os.read(m, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
if not redirect:
    rc = p.wait()
print(out.decode(errors="replace").replace("\r", ""))
if redirect:
    print(open(t + "/redir.out").read())
sys.exit(rc)
PY
	RC=$?
}

# The command's try at another terminal of the host, by name.
TRY_OTHER='
import errno, os
try:
    os.open(os.environ["OTHER"], os.O_RDWR | os.O_NOCTTY)
    print("OTHER OPENED")
except OSError as e:
    print("other refused:", errno.errorcode[e.errno])'

begin_test "the command's own terminal works by name, the host's other is refused"
in_pty sh -c 'tty; echo BYNAME >"$(tty)"; echo to-tty >/dev/tty;
	stty -g >/dev/null && echo stty-ok; python3 -c "$1"' sh "$TRY_OTHER"
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
assert_out_match "^$OUTER\$"
assert_out_match '^BYNAME$'
assert_out_match '^to-tty$'
assert_out_match '^stty-ok$'
assert_out_match '^other refused: EACCES$'
assert_out_nomatch 'OTHER OPENED'
end_test

begin_test "the controlling terminal alone (0, 1, 2 redirected) is opened by name"
in_pty redirect python3 -c '
import os
nr = int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[4])
name = "/dev/pts/%d" % ((nr & 0xff) | ((nr >> 12) & 0xfff00))
fd = os.open(name, os.O_RDWR | os.O_NOCTTY)
os.write(fd, b"ON-CTTY\n")
print("CTTY", name)'
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
assert_out_match "^CTTY $OUTER\$"
assert_out_match '^ON-CTTY$'
end_test

begin_test "the ptys the command makes work (script, openpty, opened again by name)"
in_pty sh -c 'script -qc "tty; echo inner" /dev/null; python3 -c "
import os, pty
m, s = pty.openpty()
fd = os.open(os.ttyname(s), os.O_RDWR)
os.write(fd, b\"hi\n\")
print(\"PTY\", os.read(m, 10))"; python3 -c "$1"' sh "$TRY_OTHER"
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
assert_out_match '^inner$'
grep -E '^/dev/pts/[0-9]+$' "$OUT" | grep -qvxF "$OUTER" || fail "script's pty has no name of its own"
assert_out_match "^PTY b'hi"
assert_out_match '^other refused: EACCES$'
if command -v tmux >/dev/null; then
	in_pty sh -c 'cd "$1" && tmux -S ./tsock new-session -d "tty >t.out" && sleep 1 &&
		tmux -S ./tsock kill-server; cat t.out' sh "$WS"
	assert_rc 0
	assert_out_match '^/dev/pts/[0-9]+$'
else
	diag "no tmux: its pty not tried"
fi
end_test

begin_test "compile and status say that only the command's own terminal is granted"
run_cmd "$FSJAIL" compile --backend landlock --workspace "$WS"
assert_rc 0
assert_out_match '^own-terminal /dev/pts '
assert_out_nomatch '^rule /dev/pts: .*(READ_FILE|WRITE_FILE)'
run_cmd "$FSJAIL" status --workspace "$WS" --json
assert_out_match '"dev_pts":[[:space:]]*"own_terminal"'
run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "^/dev/pts: +the host's .*only the command's own terminal"
if FSJAIL_NO_MOUNT_MASKS=0 "$FSJAIL" status --workspace "$WS" --json 2>/dev/null |
	grep -Eq '"dev_shm":[[:space:]]*"private"'; then
	FSJAIL_NO_MOUNT_MASKS=0 run_cmd "$FSJAIL" status --workspace "$WS" --json
	assert_out_match '"dev_pts":[[:space:]]*"private"'
else
	diag "no mount namespace here: the private /dev/pts not looked at"
fi
end_test

end_user_pass
done_testing
