#!/bin/bash
# bench/run-git.sh - what fsjail costs around the everyday command of an
# agent in a real repository (issue "Real work in a real repository").
#
# One invocation builds a git repository of BENCH_GIT_FILES files (default
# 10,000) in a scratch folder under $HOME, commits it, and measures, pairs
# alternated, the median wall time of:
#   - `git status` bare, under bench/launch-floor.c (as root: the cheapest
#     launcher of the design's shape, DESIGN 8-9, nothing of fsjail's own;
#     what no fsjail can undercut), and `fsjail run -- git status` with no
#     rules file (the workspace is the repository: the everyday session);
#   - `fsjail run -- /bin/true` with and without `--report FILE`: the cost
#     of the refusal report when nothing is refused;
#   - `fsjail run -- git status` and `grep -r` with and without `--report
#     FILE`, which traces every read and exec through the listener (as
#     config `report: reads` does): the cost fsjail(1) REFUSALS quotes;
# and prints the ratios with the targets beside them (fsjail/bare git
# status <= 1.3; report/no report within noise). Nothing is asserted.
# The git status rows are also given in CPU time (user + system of every
# process of the run, from getrusage(RUSAGE_CHILDREN)), which a loaded
# machine disturbs far less. FSJAIL_BEFORE=BINARY adds `BINARY run -- git
# status` in the same rounds, with a FSJAIL_HOME of its own (each build
# would otherwise parse and rewrite the other's policy cache entries).
# BENCH_GIT_CYCLES=N first fills the backup store with N committed cycles
# (runs appending to .git/description, which git status ignores).
#
# Environment: FSJAIL, FSJAIL_BEFORE, BENCH_RUNS (default 20), BENCH_DIR,
# BENCH_GIT_FILES, BENCH_GIT_CYCLES (default 0).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-git 20
files=${BENCH_GIT_FILES:-10000}
case $files in '' | *[!0-9]*) die "BENCH_GIT_FILES must be a number" ;; esac
command -v git >/dev/null || die "git is needed"

repo=$ws
make_repo "$repo" "$files"
# no background `gc --auto` packing the 10,000 loose objects while the
# timed commands read .git
git -C "$repo" config gc.auto 0

report_ok=0
! "$fsjail" run --help 2>&1 | grep -q -- '--report' || report_ok=1
lfloor=
if [ "$(id -u)" = 0 ]; then
	lfloor=$scratch/launch-floor
	"${CC:-cc}" -O2 -o "$lfloor" "$top/bench/launch-floor.c" || die "cannot build bench/launch-floor.c"
fi

cd "$repo"
"$fsjail" run -- git status --porcelain >/dev/null 2>&1 ||
	die "'fsjail run -- git status' fails here; nothing measured"
cycles=${BENCH_GIT_CYCLES:-0}
case $cycles in '' | *[!0-9]*) die "BENCH_GIT_CYCLES must be a number" ;; esac
mkdir -p "$scratch/fsjail-home-before"
for _ in $(seq 1 "$cycles"); do
	"$fsjail" run -- sh -c 'echo >>.git/description' >/dev/null 2>&1 ||
		die "cannot make a backup cycle"
	[ -z "${FSJAIL_BEFORE:-}" ] || FSJAIL_HOME=$scratch/fsjail-home-before \
		"$FSJAIL_BEFORE" run -- sh -c 'echo >>.git/description' >/dev/null 2>&1 ||
		die "cannot make a backup cycle with FSJAIL_BEFORE"
done
python3 - "$fsjail" "$runs" "$report_ok" "$scratch/report.ndjson" "${FSJAIL_BEFORE:-}" \
	"$scratch/fsjail-home-before" "$lfloor" "$repo" <<'PY'
import os
import resource
import statistics
import subprocess
import sys
import time

fsjail, runs, report_ok, report = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
before = sys.argv[5]
before_env = dict(os.environ, FSJAIL_HOME=sys.argv[6])
lfloor, repo = sys.argv[7], sys.argv[8]
cpu = {}


def once(argv):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True,
                   env=before_env if before and argv[0] == before else None)
    wall = (time.perf_counter() - t0) * 1000.0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.setdefault(tuple(argv), []).append(
        (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000.0)
    return wall


def rounds(*cmds):
    for _ in range(2):
        for c in cmds:
            once(c)
    cpu.clear()
    walls = [[] for _ in cmds]
    for _ in range(runs):
        for i, c in enumerate(cmds):
            walls[i].append(once(c))
    return [statistics.median(w) for w in walls]


def pair(a, b):
    return rounds(a, b)


def cpu_of(argv):
    return statistics.median(cpu[tuple(argv)])


rows = []
git = ["git", "status", "--porcelain"]
cmds = [git, [fsjail, "run", "--"] + git]
extra = [("BEFORE", [before, "run", "--"] + git)] if before else []
extra += [("FLOOR", [lfloor, repo] + git)] if lfloor else []
walls = rounds(*(cmds + [c for _, c in extra]))
bare, wrapped = walls[0], walls[1]
rows.append(("git status: bare / fsjail", bare, wrapped, wrapped / bare, "<= 1.3"))
c_bare, c_wrapped = cpu_of(cmds[0]), cpu_of(cmds[1])
rows.append(("  same, CPU ms", c_bare, c_wrapped, c_wrapped / c_bare, "<= 1.3"))
for (name, c), w in zip(extra, walls[2:]):
    rows.append((f"  {name}: bare / it", bare, w, w / bare, ""))
    rows.append((f"  {name}: same, CPU ms", c_bare, cpu_of(c), cpu_of(c) / c_bare, ""))
    if name == "FLOOR":
        rows.append(("  FLOOR: it / fsjail", w, wrapped, wrapped / w, ""))
if report_ok:
    plain, rep = pair([fsjail, "run", "--", "/bin/true"],
                      [fsjail, "run", "--report", report, "--", "/bin/true"])
    rows.append(("run true: plain / --report", plain, rep, rep / plain, "~ 1.0"))
    for name, cmd in (("git status", ["git", "status", "--porcelain"]),
                      ("grep -r", ["grep", "-r", "-l", "--exclude-dir=.git", "line 9999", "."])):
        plain, rep = pair([fsjail, "run", "--"] + cmd,
                          [fsjail, "run", "--report", report, "--"] + cmd)
        rows.append((name + ": reads traced", plain, rep, rep / plain, "(cost)"))
print(f"{'case':<28} {'base ms':>8} {'fsjail ms':>9} {'ratio':>6} target")
for name, a, b, r, t in rows:
    print(f"{name:<28} {a:8.2f} {b:9.2f} {r:6.2f} {t}")
if not report_ok:
    print("(this fsjail has no --report: the report's cost is not measured)")
PY
