#!/usr/bin/python3
"""ask-harness.py - play an agent harness for `fsjail run --ask-fd 3
--answer-fd 4` (issue 16): read the one-line JSON request from fd 3,
check it, answer with ANSWER on fd 4, and report.

    ask-harness.py ANSWER REQUEST-FILE -- FSJAIL run ... --ask-fd 3 --answer-fd 4 ...

The request line is saved to REQUEST-FILE (empty when none came). Checks
that the request is one JSON object with schema "fsjail-ask/1", the
members of fsjail-json(7), and nothing after its newline; exits 2 when
not. Otherwise exits with fsjail's exit status."""
import fcntl
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.stderr.write(__doc__)
        return 2
    answer, req_file, argv = sys.argv[1], sys.argv[2], sys.argv[4:]
    # the pipes above 9 first, so that placing them at 3 and 4 clobbers none
    fds = []
    for fd in os.pipe() + os.pipe():
        fds.append(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10))
        os.close(fd)
    ask_r, ask_w, ans_r, ans_w = fds
    os.dup2(ask_w, 3)
    os.dup2(ans_r, 4)
    proc = subprocess.Popen(argv, pass_fds=(3, 4), stdin=subprocess.DEVNULL)
    for fd in (3, 4, ask_w, ans_r):
        os.close(fd)
    with os.fdopen(ask_r, "rb") as ask, os.fdopen(ans_w, "wb") as ans:
        line = ask.readline()
        with open(req_file, "wb") as f:
            f.write(line)
        if line:
            req = json.loads(line)
            want = {"schema", "overall", "line", "cwd", "tier", "complete", "missing",
                    "unresolved", "reason", "answers"}
            if not isinstance(req, dict) or req.get("schema") != "fsjail-ask/1" \
                    or not want <= set(req) or not line.endswith(b"\n"):
                sys.stderr.write("ask-harness: bad request: %r\n" % line)
                proc.kill()
                return 2
            ans.write(answer.encode() + b"\n")
            ans.flush()
        rest = ask.read()
    rc = proc.wait()
    if rest:
        sys.stderr.write("ask-harness: more after the request: %r\n" % rest)
        return 2
    return rc if rc >= 0 else 128 - rc


if __name__ == "__main__":
    sys.exit(main())
