#!/bin/bash
# bench/check-oracle.sh - `fsjail check` against what bash really does, on
# long samples (issue 17; tests/oracle/oracle.py, t0098 runs a short one).
#
# Prints, for the corpus of real lines (tests/oracle/corpus*.jsonl), the
# one-liners of tests/data/oneliners.txt and ORACLE_SEEDS generated
# samples of ORACLE_N lines each: lines with a miss (an observed (path,
# capability) the prediction does not cover), and the over-prediction
# rate (predicted resolved effects nothing matched). Misses are listed
# with their line and construct. FSJAIL_BEFORE=BINARY runs the same
# samples against another build too, for a before/after table.
#
# Needs python3, strace and bwrap; every line runs inside bubblewrap (host
# read-only, no network). Nothing here asserts: numbers for people.
#
# Environment: FSJAIL (default src/fsjail of this tree), FSJAIL_BEFORE,
# ORACLE_SEEDS (default "1 2 3 4 5"), ORACLE_N (default 300).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_init check-oracle
seeds=${ORACLE_SEEDS:-1 2 3 4 5}
n=${ORACLE_N:-300}
oracle=$top/tests/oracle/oracle.py
export FSJAIL_DATADIR=${FSJAIL_DATADIR:-$top/profiles}

for tool in python3 strace bwrap; do
	command -v "$tool" >/dev/null || die "$tool is not installed"
done
bench_scratch "${TMPDIR:-/tmp}"
out=$scratch

# run LABEL BINARY ARGS...: one sample; prints its summary line.
run()
{
	local label=$1 bin=$2
	shift 2
	python3 "$oracle" --fsjail "$bin" "$@" >"$out/$label.txt" 2>&1 || true
	printf '%-28s %s\n' "$label" "$(tail -n 1 "$out/$label.txt")"
}

for which in after before; do
	if [ "$which" = after ]; then
		bin=$fsjail
	elif [ -n "${FSJAIL_BEFORE:-}" ]; then
		bin=$FSJAIL_BEFORE
	else
		continue
	fi
	echo "== $which: $bin"
	run "$which-corpus" "$bin" "$top"/tests/oracle/corpus*.jsonl
	run "$which-oneliners" "$bin" --oneliners "$top/tests/data/oneliners.txt"
	for s in $seeds; do
		run "$which-gen-seed$s" "$bin" --gen "$n" --seed "$s"
	done
done
echo
echo "== misses (after)"
cat "$out"/after-*.txt | grep -A8 '^MISS' | cut -c1-300 || echo "(none)"
