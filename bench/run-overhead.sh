#!/bin/bash
# bench/run-overhead.sh - what `fsjail run` costs at start-up.
#
# One invocation measures the median wall time of:
#   - bare /bin/true;
#   - bwrap (Debian's bubblewrap) giving an equivalent confinement: / read
#     only, /home and /root hidden (the guarded tier's read fence), /tmp and
#     the workspace writable, /dev and /proc; and, for scale, the same with
#     one more --bind per rule folder (1,000 of them);
#   - fsjail run -- /bin/true with a rules file of 10 and of 1,000 rules,
#     and of 10 rules with --network deny (a network namespace),
#
# and prints the medians with their ratios to bare /bin/true and to the
# equivalent bwrap, and the 1,000-rule run against the 10-rule one with
# the target of issue 18 (<= 1.2x) beside it. Nothing here asserts a
# time: the numbers are for people, not for tests.
#
# The rules grant read, write, create and delete on folders of a scratch
# workspace made under $HOME (a user-data root, so the baseline does not
# already open it and every rule becomes a Landlock rule); the folder is
# removed at the end.
#
# Environment: FSJAIL (default: src/fsjail of this tree), BENCH_RUNS (runs
# per case, default 50), BENCH_DIR (where the scratch folder is made,
# default $HOME).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-overhead 50
true_bin=/bin/true

# rules-N.yaml: N rules on N existing folders of the workspace; bind-N:
# the matching bwrap arguments, one per line.
make_rules()
{
	local n=$1 i d
	{
		echo "rules:"
		for ((i = 1; i <= n; i++)); do
			printf -v d '%s/r%04d' "$ws" "$i"
			mkdir -p "$d"
			printf '  - id: bench-%04d\n    path: %s\n    allow: [read, write, create, delete]\n' \
				"$i" "$d"
		done
	} >"$scratch/rules-$n.yaml"
	for ((i = 1; i <= n; i++)); do
		printf -v d '%s/r%04d' "$ws" "$i"
		printf -- '--bind\n%s\n%s\n' "$d" "$d"
	done >"$scratch/bind-$n"
}
make_rules 10
make_rules 1000

bwrap_bin=$(command -v bwrap || true)
# bwrap argv with n extra per-rule binds, NUL-separated for the timing loop.
bwrap_argv()
{
	local n=$1
	printf '%s\0' "$bwrap_bin" --ro-bind / / --tmpfs /home --tmpfs /root \
		--bind /tmp /tmp --bind "$ws" "$ws" --dev /dev --proc /proc
	[ "$n" = 0 ] || tr '\n' '\0' <"$scratch/bind-$n"
	printf '%s\0' -- "$true_bin"
}
fsjail_argv()
{
	printf '%s\0' "$fsjail" run --rules "$scratch/rules-$1.yaml" --workspace "$ws" -- "$true_bin"
}
# the same with network: deny (its own network namespace, or a seccomp filter)
fsjail_deny_argv()
{
	printf '%s\0' "$fsjail" run --network deny --rules "$scratch/rules-$1.yaml" --workspace "$ws" \
		-- "$true_bin"
}
bare_argv()
{
	printf '%s\0' "$true_bin"
}

# Each case must work before it is timed: a failing fsjail would look fast.
check()
{
	local name=$1 file=$2 out argv
	mapfile -d '' argv <"$file"
	if ! out=$("${argv[@]}" 2>&1 </dev/null); then
		echo "$name does not run here:" >&2
		printf '%s\n' "$out" >&2
		return 1
	fi
}

cases=()
# add_case NAME RUNS FN [ARG]: write FN's argv to a file, check it, queue it.
add_case()
{
	local name=$1 n=$2 fn=$3 arg=${4:-}
	local file=$scratch/case-${#cases[@]}
	"$fn" $arg >"$file"
	if check "$name" "$file"; then
		cases+=("$name" "$n" "$file")
	elif [[ $name == bwrap* ]]; then
		echo "run-overhead: skipping '$name'" >&2
	else
		die "'$name' failed; nothing measured"
	fi
}

# 1,000 bind mounts take bwrap over a second each: fewer runs for that one.
slow_runs=$((runs < 10 ? runs : 10))
add_case "/bin/true" "$runs" bare_argv
if [ -n "$bwrap_bin" ]; then
	add_case "bwrap" "$runs" bwrap_argv 0
	add_case "bwrap, 1000 binds" "$slow_runs" bwrap_argv 1000
else
	echo "run-overhead: bwrap not installed (apt-get install bubblewrap): no bwrap column" >&2
fi
add_case "fsjail run, 10 rules" "$runs" fsjail_argv 10
add_case "fsjail run, 10 rules, network deny" "$runs" fsjail_deny_argv 10
add_case "fsjail run, 1000 rules" "$runs" fsjail_argv 1000

abi=$("$fsjail" --version 2>/dev/null | sed -n 's/^landlock ABI: //p')
echo "fsjail run -- /bin/true: median wall time over N runs per case (after 3 warm-up runs)"
echo "kernel $(uname -r), Landlock ABI ${abi:-?}, $(nproc) CPUs, uid $(id -u)"
echo "bwrap: --ro-bind / / --tmpfs /home --tmpfs /root --bind /tmp /tmp --bind WS WS --dev /dev --proc /proc"
echo "       (\"1000 binds\": plus one --bind per rule folder; not needed for the same confinement)"
echo

python3 - "${cases[@]}" <<'PY'
import statistics
import subprocess
import sys
import time

args = sys.argv[1:]
cases = [(args[i], int(args[i + 1]), args[i + 2]) for i in range(0, len(args), 3)]


def argv_of(path):
    with open(path, "rb") as f:
        return [a.decode() for a in f.read().split(b"\0") if a]


def run(argv):
    subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)


def median_ms(argv, runs):
    for _ in range(3):
        run(argv)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        run(argv)
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples)


rows = [(name, runs, median_ms(argv_of(f), runs)) for name, runs, f in cases]
bare = rows[0][2]
bwrap = next((m for name, _, m in rows if name == "bwrap"), None)

print(f"{'case':<24} {'runs':>5} {'median ms':>10} {'x /bin/true':>12} {'x bwrap':>8}")
for name, runs, m in rows:
    vs_bwrap = f"{m / bwrap:8.2f}" if bwrap else f"{'-':>8}"
    print(f"{name:<24} {runs:5d} {m:10.2f} {m / bare:12.1f} {vs_bwrap}")
med = {name: m for name, _, m in rows}
r = med["fsjail run, 1000 rules"] / med["fsjail run, 10 rules"]
print()
print(f"target (issue 18): 1000 rules / 10 rules {r:.2f}x, <= 1.2x "
      f"({'met' if r <= 1.2 else 'missed'})")
PY
