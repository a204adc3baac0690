#!/bin/bash
# bench/run-supervise.sh - what fsjail's supervisor costs during a long
# command (issue 18): `make -j2` of a real C project, this repository's own
# build (a copy of HEAD and third_party/, configured once, `make clean`
# outside the timing before every build), bare and under
# `fsjail run` (default policy, backups on), rounds alternated.
#
# For the fsjail build it samples the supervisor process (the fsjail
# process itself, its listener and broker threads included; not the
# command) every 20 ms in /proc: its CPU time (utime + stime, clock ticks)
# and its peak resident set (VmHWM). It prints, with the targets of issue
# 18 beside them: the supervisor's CPU as a share of the bare build's CPU
# (<= 2%), its peak RSS (<= 8 MB), and for information the whole build's
# CPU and wall time under fsjail against bare (the seccomp filter and the
# listener's round trips are in those, not in the supervisor's own CPU).
# Nothing is asserted: the numbers are for people, not for tests.
#
# Environment: FSJAIL, FSJAIL_DATADIR (default profiles/ of this tree),
# BENCH_RUNS (rounds, default 1), BENCH_DIR (default $HOME), BENCH_JOBS
# (default 2).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-supervise 1
export FSJAIL_DATADIR=${FSJAIL_DATADIR:-$top/profiles}
jobs=${BENCH_JOBS:-2}
case $jobs in '' | *[!0-9]* | 0) die "BENCH_JOBS must be a positive number" ;; esac
command -v git >/dev/null || die "git is needed"
[ -d "$top/third_party" ] || die "no third_party/ in $top (see README)"

proj=$ws/fsjail-src
mkdir -p "$proj"
git -C "$top" archive HEAD | tar -x -C "$proj" || die "cannot copy the sources (git archive)"
cp -a "$top/third_party" "$proj/" || die "cannot copy third_party/"
(cd "$proj" && autoreconf -fi >/dev/null 2>&1 && ./configure -q >/dev/null) ||
	die "cannot configure the copy in $proj"

abi=$("$fsjail" --version 2>/dev/null | sed -n 's/^landlock ABI: //p')
echo "fsjail supervisor during make -j$jobs of fsjail's own sources: $runs round(s), alternated"
echo "kernel $(uname -r), Landlock ABI ${abi:-?}, $(nproc) CPUs, uid $(id -u)," \
	"load $(cut -d' ' -f1-3 /proc/loadavg), $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo

python3 - "$runs" "$fsjail" "$proj" "$jobs" <<'PY'
import os
import resource
import statistics
import subprocess
import sys
import time

runs, fsjail, proj, jobs = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
tick = os.sysconf("SC_CLK_TCK")
make = ["make", "-j" + jobs]


def clean():
    subprocess.run(["make", "clean"], cwd=proj, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)


def sample(pid):
    """(cpu seconds, VmHWM kB) of pid, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/status") as f:
            hwm = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    except (OSError, StopIteration, IndexError, ValueError):
        return None
    # fields[0] is field 3 (state): utime and stime are fields 14 and 15
    return (int(fields[11]) + int(fields[12])) / tick, hwm


def build(argv):
    clean()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=proj, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    last = None
    while p.poll() is None:
        s = sample(p.pid)
        if s:
            last = s
        time.sleep(0.02)
    err = p.stderr.read()
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"run-supervise: '{' '.join(argv)}' failed ({p.returncode}): "
                 f"{err.decode(errors='replace')[-2000:]}")
    cpu = r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime
    return wall, cpu, last


bare_w, bare_c, f_w, f_c, sup_c, sup_rss = [], [], [], [], [], []
for rnd in range(runs):
    order = ["bare", "fsjail"] if rnd % 2 == 0 else ["fsjail", "bare"]
    for case in order:
        if case == "bare":
            w, c, _ = build(make)
            bare_w.append(w)
            bare_c.append(c)
        else:
            w, c, s = build([fsjail, "run", "--", *make])
            f_w.append(w)
            f_c.append(c)
            sup_c.append(s[0] if s else float("nan"))
            sup_rss.append(s[1] / 1024 if s else float("nan"))
clean()

med = statistics.median
bw, bc, fw, fc = med(bare_w), med(bare_c), med(f_w), med(f_c)
sc, rss = med(sup_c), max(sup_rss)
print(f"{'case':<34} {'wall s':>8} {'CPU s':>8}")
print(f"{'make -j' + jobs + ', bare':<34} {bw:8.2f} {bc:8.2f}")
print(f"{'make -j' + jobs + ', fsjail run':<34} {fw:8.2f} {fc:8.2f}")
print(f"{'  of which the supervisor':<34} {'':>8} {sc:8.2f}")
print()
print("target (issue 18)                              now      target")
print(f"supervisor CPU / bare build CPU          {100 * sc / bc:8.2f} %   <= 2 %"
      f"   ({'met' if sc / bc <= 0.02 else 'missed'})")
print(f"supervisor peak RSS (VmHWM)              {rss:8.2f} MB  <= 8 MB"
      f"  ({'met' if rss <= 8 else 'missed'})")
print(f"build CPU, fsjail / bare                 {fc / bc:8.3f} x   (no target)")
print(f"build wall, fsjail / bare                {fw / bw:8.3f} x   (no target)")
PY
