#!/usr/bin/python3
"""pty-answer.py - run a command on a new pseudo-terminal (its controlling
terminal, so /dev/tty is the pty), answer a prompt, and report.

    pty-answer.py PROMPT ANSWER[,ANSWER...] TRANSCRIPT -- COMMAND [ARG...]

Each time PROMPT appears in what the command writes to the terminal, the
next of the comma-separated ANSWERs is written with a newline; then the
output is read until the command ends. The whole
terminal output goes to the file TRANSCRIPT. Exits with the command's exit
status (128+N after signal N), or 124 when PROMPT did not appear within 20
seconds (the command is killed). ANSWER "-" answers nothing (the prompt
is not awaited). After the last answer the terminal stays open until the
command ends; a prompt past the answers gets an end of file. Used by tests/integration/t0021-ask.sh (issue 5)."""
import os
import pty
import select
import signal
import sys
import time


def main():
    if len(sys.argv) < 6 or sys.argv[4] != "--":
        sys.stderr.write(__doc__)
        return 2
    prompt = sys.argv[1].encode()
    answers = [] if sys.argv[2] == "-" else sys.argv[2].split(",")
    transcript = sys.argv[3]
    argv = sys.argv[5:]

    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)

    out = b""
    given = 0
    eof_sent = False
    deadline = time.monotonic() + 20
    while True:
        seen = out.count(prompt)
        if given < len(answers) and seen > given:
            os.write(fd, answers[given].encode() + b"\n")
            given += 1
        elif given == len(answers) and seen > given and not eof_sent:
            os.write(fd, b"\x04")  # VEOF: the reader gets end of file
            eof_sent = True
        timeout = deadline - time.monotonic()
        if timeout <= 0:
            os.kill(pid, signal.SIGKILL)
            break
        r, _, _ = select.select([fd], [], [], min(timeout, 0.5))
        if not r:
            continue
        try:
            data = os.read(fd, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    with open(transcript, "wb") as f:
        f.write(out)
    if given < len(answers):
        return 124
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
