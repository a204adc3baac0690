#!/bin/bash
# bench/check-effects.sh - what `fsjail check` costs (issue 5).
#
# Three measurements, each printed per line:
#   - one `fsjail check -` of a 1,000-line shell script (the one-liners of
#     tests/data/oneliners.txt, repeated), the median of BENCH_RUNS runs:
#     the cost of the analysis and decision themselves (issue 18 target:
#     <= 0.1 ms per one-liner after start-up);
#   - `fsjail explain` of one path: median CPU (user + system, getrusage)
#     of BENCH_RUNS runs, start-up included (issue 18 target: <= 2 ms CPU);
#   - 10,000 one-liners, one `fsjail check -- LINE` process each (what a
#     harness asking before every command pays, start-up included).
#
# Nothing here asserts a time: the numbers are for people, not for tests.
# fsjail's files live in a scratch FSJAIL_HOME, removed at the end; the
# workspace is a scratch folder too.
#
# Environment: FSJAIL (default: src/fsjail of this tree), FSJAIL_DATADIR
# (default: profiles/ of this tree), BENCH_RUNS (default 20), BENCH_LINES
# (one-liner invocations, default 10000).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_init check-effects
runs=${BENCH_RUNS:-20}
lines=${BENCH_LINES:-10000}
corpus=$top/tests/data/oneliners.txt
export FSJAIL_DATADIR=${FSJAIL_DATADIR:-$top/profiles}

[ -f "$corpus" ] || die "no corpus at '$corpus'"
for n in "$runs" "$lines"; do
	case $n in '' | *[!0-9]* | 0) die "BENCH_RUNS and BENCH_LINES must be positive numbers" ;; esac
done

bench_scratch "${TMPDIR:-/tmp}"
export FSJAIL_HOME=$scratch/fsjail-home
ws=$scratch/ws
mkdir -p "$ws" "$FSJAIL_HOME/config"

mapfile -t one < <(grep -v '^#' "$corpus" | grep -v '^$')
[ "${#one[@]}" -gt 0 ] || die "the corpus is empty"

# A 1,000-line script from the corpus, cycled.
script=$scratch/script.sh
for ((i = 0; i < 1000; i++)); do
	printf '%s\n' "${one[i % ${#one[@]}]}"
done >"$script"

now_ns()
{
	date +%s%N
}

# The median of the numbers on stdin.
median()
{
	sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

times=$scratch/times
: >"$times"
for ((r = 0; r < runs; r++)); do
	t0=$(now_ns)
	"$fsjail" check --workspace "$ws" --cwd "$ws" - <"$script" >/dev/null 2>&1 || [ $? -le 4 ]
	t1=$(now_ns)
	echo $((t1 - t0)) >>"$times"
done
med=$(median <"$times")
awk -v m="$med" 'BEGIN { printf "1,000-line script: %.2f ms per run, %.1f us per line (median of %d runs; target <= 100 us per line: %s)\n", m / 1e6, m / 1e3 / 1000, '"$runs"', m / 1e3 / 1000 <= 100 ? "met" : "missed" }'

python3 - "$fsjail" "$ws" "$runs" <<'PY'
import resource
import statistics
import subprocess
import sys

fsjail, ws, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cpu = []
for _ in range(runs + 2):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([fsjail, "explain", "--workspace", ws, ws + "/src/main.c"], cwd=ws,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1e3)
m = statistics.median(cpu[2:])
print(f"explain of one path: {m:.2f} ms CPU (median of {runs} runs; target <= 2 ms: "
      f"{'met' if m <= 2 else 'missed'})")
PY

t0=$(now_ns)
for ((i = 0; i < lines; i++)); do
	"$fsjail" check --workspace "$ws" --cwd "$ws" -- "${one[i % ${#one[@]}]}" >/dev/null 2>&1 ||
		[ $? -le 4 ]
done
t1=$(now_ns)
awk -v t="$((t1 - t0))" -v n="$lines" 'BEGIN { printf "%d one-liners, one process each: %.2f s, %.2f ms per line\n", n, t / 1e9, t / 1e6 / n }'
