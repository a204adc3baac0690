#!/bin/bash
# the command shares fsjail's controlling terminal and session, so
# ioctl(TIOCSTI) pushes characters into the terminal's input queue; after
# fsjail exits, the interactive shell that started it reads them and runs
# them unconfined (CVE-2017-5226 in bubblewrap, fixed with setsid). Allowed
# for everyone when dev.tty.legacy_tiocsti=1 (always before Linux 6.2), and
# for CAP_SYS_ADMIN anyway. The injected line must never reach the shell.
. "$(dirname "$0")/libserial.sh" pty

plan 1
setup
require_landlock

mkdir -p "$HOME/.ssh"
MARK=$HOME/.ssh/INJECTED
cat >"$WS/inject.py" <<'EOF'
import fcntl, sys, termios
for c in sys.argv[1] + "\n":
    try:
        fcntl.ioctl(0, termios.TIOCSTI, c.encode())
    except OSError as e:
        print("TIOCSTI refused:", e.strerror); break
EOF
cat >"$T/drive.py" <<'EOF'
import os, pty, select, sys, time
line = sys.argv[1]
pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])
def pump(t):
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try: sys.stdout.write(os.read(fd, 4096).decode(errors="replace"))
            except OSError: return
pump(0.5); os.write(fd, line.encode() + b"\n"); pump(4); os.write(fd, b"exit\n"); pump(1)
EOF

begin_test "TIOCSTI from the sandbox does not run a command in the invoking shell"
run_cmd python3 "$T/drive.py" \
	"cd '$WS' && '$FSJAIL' run --workspace '$WS' -- python3 '$WS/inject.py' 'touch $MARK'"
assert_not_exists "$MARK" || diag_file transcript "$OUT"
end_test

done_testing
