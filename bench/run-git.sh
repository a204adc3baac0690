#!/bin/bash
# bench/run-git.sh - what fsjail costs around the everyday command of an
# agent in a real repository (issue "Real work in a real repository").
#
# One invocation builds a git repository of BENCH_GIT_FILES files (default
# 10,000) in a scratch folder under $HOME, commits it, and measures, pairs
# alternated, the median wall time of:
#   - `git status` bare;
#   - `fsjail run -- git status` with no rules file (the workspace is the
#     repository: the everyday session);
#   - `fsjail run -- /bin/true` with and without `--report FILE` (when the
#     build has it): the cost of the refusal report when nothing is refused;
#   - `fsjail run -- git status` and `fsjail run -- grep -r` with and
#     without `--report FILE`, which traces every read and exec through the
#     seccomp listener (as config `report: reads` does): the documented
#     cost of reporting reads (fsjail(1) REFUSALS);
# and prints the ratios with the targets beside them (fsjail/bare git
# status <= 1.3; report/no report within noise for /bin/true; the traced
# rows have no target, they are what fsjail(1) quotes). Nothing is asserted.
#
# Environment: FSJAIL, BENCH_RUNS (default 20), BENCH_DIR, BENCH_GIT_FILES.
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
if "$fsjail" run --help 2>&1 | grep -q -- '--report'; then
	report_ok=1
fi

cd "$repo"
"$fsjail" run -- git status --porcelain >/dev/null 2>&1 ||
	die "'fsjail run -- git status' fails here; nothing measured"

python3 - "$fsjail" "$runs" "$report_ok" "$scratch/report.ndjson" <<'PY'
import statistics
import subprocess
import sys
import time

fsjail, runs, report_ok, report = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]


def once(argv):
    t0 = time.perf_counter()
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t0) * 1000.0


def pair(a, b):
    for _ in range(2):
        once(a)
        once(b)
    sa, sb = [], []
    for _ in range(runs):
        sa.append(once(a))
        sb.append(once(b))
    return statistics.median(sa), statistics.median(sb)


rows = []
bare, wrapped = pair(["git", "status", "--porcelain"],
                     [fsjail, "run", "--", "git", "status", "--porcelain"])
rows.append(("git status: bare / fsjail", bare, wrapped, wrapped / bare, "<= 1.3"))
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
