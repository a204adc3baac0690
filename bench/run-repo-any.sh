#!/bin/bash
# bench/run-repo-any.sh - what the listener's rule for repositories outside
# the scan (src/notify-repo.c, rule 'repository-metadata') costs, counted
# in system calls (strace -f -c over fsjail and the command), which do not
# depend on the machine's load as wall time does.
#
# One invocation runs, under `fsjail run` from an empty workspace, a loop
# of BENCH_REPO_N (default 300) rounds of create, mkdir, rename, unlink and
# rmdir in a scratch folder under /tmp whose names match nothing the rule
# looks at, for $FSJAIL and, when set, $FSJAIL_BEFORE (the build before
# the change, with FSJAIL_BEFORE_DATADIR), and prints the total calls and
# the openat, newfstatat, fcntl and close calls of each, and the ratio.
# The claim checked: no system call is added to a call whose name and
# parent do not match (ratio 1.00 up to the supervisor's own noise). A
# second row writes a file named `config` in a plain folder N times: the
# matching case, a few fstatat calls each. Nothing is asserted.
#
# Environment: FSJAIL, FSJAIL_BEFORE, FSJAIL_BEFORE_DATADIR, BENCH_REPO_N.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-repo-any 1
command -v strace >/dev/null || die "strace is needed"
n=${BENCH_REPO_N:-300}
case $n in '' | *[!0-9]*) die "BENCH_REPO_N must be a number" ;; esac
tmp=$(mktemp -d /tmp/fsjail-bench-repo.XXXXXX)
trap 'rm -rf "$tmp"; bench_cleanup' EXIT

# count BINARY DATADIR SCRIPT: "total openat newfstatat fcntl close"
count()
{
	local out=$scratch/strace.out
	(cd "$ws" && FSJAIL_DATADIR=$2 strace -f -c -o "$out" "$1" run -- sh -c "$3" \
		>/dev/null 2>&1) || die "fsjail run failed under strace ($1)"
	# strace -c columns: % time, seconds, usecs/call, calls, [errors], name
	awk '$NF == "total" { t = $4 }
	     $NF ~ /^(openat|newfstatat|fcntl|close)$/ { c[$NF] = $4 }
	     END { printf "%s %s %s %s %s\n", t, c["openat"] + 0, c["newfstatat"] + 0, c["fcntl"] + 0, c["close"] + 0 }' "$out"
}

plain="cd $tmp && i=0; while [ \$i -lt $n ]; do echo x >f\$i; mkdir d\$i; mv f\$i d\$i/g;
	rm d\$i/g; rmdir d\$i; i=\$((i + 1)); done"
match="mkdir -p $tmp/p && cd $tmp/p && i=0; while [ \$i -lt $n ]; do echo x >config;
	rm config; i=\$((i + 1)); done"

printf '%-28s %10s %8s %10s %7s %7s\n' case total openat newfstatat fcntl close
for kind in plain match; do
	script=${!kind}
	read -r -a after <<<"$(count "$fsjail" "${FSJAIL_DATADIR:-$top/profiles}" "$script")"
	printf '%-28s %10s %8s %10s %7s %7s\n' "$kind, this build" "${after[@]}"
	if [ -n "${FSJAIL_BEFORE:-}" ]; then
		read -r -a before <<<"$(count "$FSJAIL_BEFORE" \
			"${FSJAIL_BEFORE_DATADIR:-$top/profiles}" "$script")"
		printf '%-28s %10s %8s %10s %7s %7s\n' "$kind, before" "${before[@]}"
		awk -v a="${after[0]}" -v b="${before[0]}" \
			'BEGIN { printf "%-28s %10.3f\n", "  ratio of totals", a / b }'
	fi
done
