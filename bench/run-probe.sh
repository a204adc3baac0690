#!/bin/bash
# bench/run-probe.sh - what `fsjail probe` costs: the median wall time of
# `fsjail probe --force` (every tier compiled and run, no cache), of
# `fsjail probe` answered from the cache, and of `fsjail run -- /bin/true`
# (cache warm) for scale, with the ratios between them. The probe's own
# figure ("probed ... in N ms", measured inside fsjail) is printed too.
# Nothing here asserts a time: the numbers are for people, not for tests.
#
# The workspace and fsjail's config and state are made in a scratch folder
# under $HOME (removed at the end), so the user's own cache is untouched.
#
# Environment: FSJAIL (default: src/fsjail of this tree), BENCH_RUNS (runs
# per case, default 20), BENCH_DIR (where the scratch folder is made,
# default $HOME).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-probe 20

# Each case must work before it is timed: a failing fsjail would look fast.
"$fsjail" probe --workspace "$ws" >"$scratch/probe.txt" 2>&1 ||
	{ cat "$scratch/probe.txt" >&2; die "fsjail probe proves no tier here; nothing measured"; }
"$fsjail" run --workspace "$ws" -- /bin/true ||
	die "fsjail run -- /bin/true fails here; nothing measured"

abi=$("$fsjail" --version 2>/dev/null | sed -n 's/^landlock ABI: //p')
echo "fsjail probe: median wall time over $runs runs per case (after 2 warm-up runs)"
echo "kernel $(uname -r), Landlock ABI ${abi:-?}, $(nproc) CPUs, uid $(id -u)"
sed -n 's/^proven tier: /proven tier: /p' "$scratch/probe.txt"
echo

python3 - "$runs" "$fsjail" "$ws" <<'PY'
import re
import statistics
import subprocess
import sys
import time

runs, fsjail, ws = int(sys.argv[1]), sys.argv[2], sys.argv[3]
cases = [
    ("fsjail probe --force", [fsjail, "probe", "--workspace", ws, "--force"]),
    ("fsjail probe (cached)", [fsjail, "probe", "--workspace", ws]),
    ("fsjail run -- /bin/true", [fsjail, "run", "--workspace", ws, "--", "/bin/true"]),
]


def run(argv):
    return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, check=True).stdout.decode()


inner = []
rows = []
for name, argv in cases:
    for _ in range(2):
        run(argv)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = run(argv)
        samples.append((time.perf_counter() - t0) * 1000.0)
        if name.endswith("--force"):
            m = re.search(r"in (\d+) ms", out)
            if m:
                inner.append(float(m.group(1)))
    rows.append((name, statistics.median(samples)))

base = rows[-1][1]
print(f"{'case':<26} {'median ms':>10} {'x run /bin/true':>16}")
for name, m in rows:
    print(f"{name:<26} {m:10.1f} {m / base:16.1f}")
if inner:
    print(f"\nthe probe itself (helper, all tiers): median {statistics.median(inner):.0f} ms")
PY
