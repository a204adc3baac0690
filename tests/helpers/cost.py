#!/usr/bin/env python3
"""cost.py INPUT -- CMD ARGS...: run CMD with INPUT on stdin (stdout and
stderr dropped) and print "RC CPU_SECONDS MAX_RSS_KIB" of that one child
(os.wait4: its own rusage, not the sum of every child). The tests compare
CPU time as a ratio between two sizes of input in one invocation, never
against a clock (issue 19: linear where input grows)."""
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: cost.py INPUT -- CMD ARGS...")
    with open(sys.argv[1], "rb") as inp:
        p = subprocess.Popen(sys.argv[3:], stdin=inp, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    print(rc, "%.3f" % (ru.ru_utime + ru.ru_stime), ru.ru_maxrss)


main()
