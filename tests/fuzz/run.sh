#!/bin/sh
# tests/fuzz/run.sh SECONDS NAME... - run each harness built by
# tests/fuzz/build.sh: first every input of its corpus
# (tests/fuzz/corpus/NAME, the seeds and every crash found so far, so a
# regression fails here), then SECONDS of fuzzing on a scratch copy of
# the corpus (tests/fuzz/run-NAME; the corpus in the tree is not
# changed: add an input worth keeping by hand). A crash, a leak, a
# timeout (FUZZ_TIMEOUT seconds for one input, default 20) or an input
# over the memory cap (2 GiB) stops with the input saved as
# tests/fuzz/crash-NAME-* and a non-zero exit. FUZZ_SRCDIR: the source tree.
# FUZZ_SEED: libFuzzer's -seed (0, the default: a new one each run, shown
# as "INFO: Seed:" in the log; `make fuzz-ci` fixes it so that CI's short
# pass explores the same inputs on every machine and a failure reproduces).
set -eu

secs=$1
shift
src=${FUZZ_SRCDIR:-.}
status=0
for n in "$@"; do
	corpus=$src/tests/fuzz/corpus/$n
	run=tests/fuzz/run-$n
	# the broker's inputs pipeline many requests; the others are one file
	case $n in broker) maxlen=200000 ;; *) maxlen=65536 ;; esac
	rm -rf "$run"
	mkdir -p "$run"
	cp "$corpus"/* "$run"/
	echo "=== fuzz_$n: $(ls "$corpus" | wc -l) corpus inputs, then ${secs}s"
	if ! "tests/fuzz/fuzz_$n" -runs=0 -timeout="${FUZZ_TIMEOUT:-20}" -rss_limit_mb=2048 \
		-artifact_prefix="tests/fuzz/crash-$n-" "$corpus" >"tests/fuzz/fuzz_$n.log" 2>&1; then
		tail -n 60 "tests/fuzz/fuzz_$n.log"
		echo "fuzz_$n: a corpus input fails (log: tests/fuzz/fuzz_$n.log)" >&2
		status=1
		continue
	fi
	if [ "$secs" -gt 0 ] && ! "tests/fuzz/fuzz_$n" -max_total_time="$secs" \
		-timeout="${FUZZ_TIMEOUT:-20}" -rss_limit_mb=2048 -max_len="$maxlen" -print_final_stats=1 \
		-seed="${FUZZ_SEED:-0}" \
		-artifact_prefix="tests/fuzz/crash-$n-" "$run" >>"tests/fuzz/fuzz_$n.log" 2>&1; then
		tail -n 60 "tests/fuzz/fuzz_$n.log"
		echo "fuzz_$n: found a failing input (log: tests/fuzz/fuzz_$n.log)" >&2
		status=1
		continue
	fi
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "tests/fuzz/fuzz_$n.log" | tail -n 2 || true
done
exit $status
