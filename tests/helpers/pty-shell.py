#!/usr/bin/python3
"""pty-shell.py - drive an interactive bash (job control on) on a new
pseudo-terminal, as a person at a terminal would, and keep a transcript.

    pty-shell.py TRANSCRIPT STEP...

Steps, in order:
  send:TEXT   type TEXT and a newline
  key:C       type the control key ^C (C one of C, Z, \\, D)
  wait:TEXT   wait until TEXT has appeared in the terminal output since the
              last wait (at most 20 seconds)
  sleep:SEC   wait SEC seconds
At the end the shell is sent "exit" twice (a stopped job holds the first)
and its output read until it ends. The whole output goes to TRANSCRIPT.
Exits 0, or 124 when a wait timed out or the shell did not end (it is
killed). Used by tests/integration/t0046-pid-namespace.sh."""
import os
import pty
import select
import signal
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    transcript = sys.argv[1]
    steps = sys.argv[2:]
    env = dict(os.environ, PS1="$ ", TERM="dumb")
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvpe("bash", ["bash", "--norc", "--noprofile", "-i"], env)
        finally:
            os._exit(127)

    out = bytearray()
    mark = 0
    rc = 0

    def pump(seconds):
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return True
            r, _, _ = select.select([fd], [], [], min(left, 0.2))
            if r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    return False  # EIO: the shell has ended
                if not data:
                    return False
                out.extend(data)

    pump(0.5)
    for step in steps:
        kind, _, arg = step.partition(":")
        if kind == "send":
            os.write(fd, arg.encode() + b"\n")
        elif kind == "key":
            os.write(fd, bytes([ord(arg.upper()) & 0x1F]))
        elif kind == "sleep":
            pump(float(arg))
        elif kind == "wait":
            deadline = time.monotonic() + 20
            while arg.encode() not in out[mark:] and time.monotonic() < deadline:
                if not pump(0.2):
                    break
            if arg.encode() not in out[mark:]:
                out.extend(b"\n[pty-shell: timed out waiting for %s]\n" % arg.encode())
                rc = 124
                break
            mark = out.index(arg.encode(), mark) + len(arg)
        else:
            sys.stderr.write("pty-shell: unknown step '%s'\n" % step)
            rc = 2
            break
    for _ in range(2):
        try:
            os.write(fd, b"exit\n")
        except OSError:
            break
        if not pump(1):
            break
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        pump(0.2)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        rc = 124
    with open(transcript, "wb") as f:
        f.write(bytes(out).replace(b"\r", b""))
    return rc


if __name__ == "__main__":
    sys.exit(main())
