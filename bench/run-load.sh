#!/bin/bash
# bench/run-load.sh - fsjail under load (issue 19 item 5): 64 clients x
# 1,000 broker requests (each client on its own connection, each request
# waiting for its reply), and 8 processes x 10,000 changes to files that
# existed before the run (through the listener and the backup cycle),
# against the same changes without fsjail in the same invocation. Prints
# throughput, latency percentiles (bench/load.py) and the supervisor's
# peak memory (VmHWM of fsjail, sampled while it runs). Nothing is
# asserted. BENCH_CLIENTS, BENCH_REQUESTS, BENCH_PROCS, BENCH_CHANGES
# change the sizes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
bench_setup load 1

clients=${BENCH_CLIENTS:-64}
requests=${BENCH_REQUESTS:-1000}
procs=${BENCH_PROCS:-8}
changes=${BENCH_CHANGES:-10000}
# inside the workspace: the sandbox may not read the source tree
load=$ws/load.py
cp "$top/bench/load.py" "$load"

# prepare: procs folders of 100 files each
prepare()
{
	rm -rf "$ws/d"
	for k in $(seq 0 $((procs - 1))); do
		mkdir -p "$ws/d/p$k"
		for i in $(seq 0 99); do echo "orig $i" >"$ws/d/p$k/f$i"; done
	done
	: >"$ws/pf"
}

# under_fsjail ARGS...: fsjail run -- python3 load.py ARGS..., printing
# load.py's line and "supervisor_peak_kib=N"
under_fsjail()
{
	local pid hwm=0 h
	"$fsjail" run --workspace "$ws" -- python3 "$load" "$@" >"$scratch/out" 2>"$scratch/err" &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		h=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true)
		[ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
		sleep 0.05
	done
	wait "$pid" || die "fsjail run failed: $(head -c 400 "$scratch/err")"
	echo "$(cat "$scratch/out") supervisor_peak_kib=$hwm"
}

prepare
echo "== broker: $clients clients x $requests requests"
under_fsjail broker "$clients" "$requests" "$ws/pf"
echo "== files: $procs processes x $changes changes, bare then under fsjail"
python3 "$load" files "$procs" "$changes" "$ws/d" | sed 's/^files/files-bare/'
prepare
under_fsjail files "$procs" "$changes" "$ws/d"
