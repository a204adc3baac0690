#!/bin/bash
# bench/run-ioctl.sh - what the create hook's seccomp filter costs an
# ordinary ioctl (issue 12 item 4, rep12): the refused ioctl requests
# (TIOCSTI, chattr, subvolumes, ...) are trapped so that the supervisor
# says them, and every other request must still go straight through the
# filter. A loop of 100,000 TCGETS ioctls (on /dev/null: ENOTTY, the
# filter runs the same) is timed inside the process (clock_gettime, so
# fsjail's start-up is not in it), bare and under `fsjail run`, and with
# FSJAIL_BEFORE=BINARY (FSJAIL_BEFORE_DATADIR) under another build in the
# same rounds, alternated; medians of ns per call and the ratios. Nothing
# is asserted: the numbers are for people, not for tests.
#
# Environment: FSJAIL, FSJAIL_DATADIR (default profiles/ of this tree),
# FSJAIL_BEFORE, FSJAIL_BEFORE_DATADIR, BENCH_RUNS (default 5), BENCH_DIR,
# CC (default cc).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-ioctl 5
export FSJAIL_DATADIR=${FSJAIL_DATADIR:-$top/profiles}
before=${FSJAIL_BEFORE:-}
before_data=${FSJAIL_BEFORE_DATADIR:-$FSJAIL_DATADIR}
[ -z "$before" ] || [ -x "$before" ] || die "FSJAIL_BEFORE '$before' is not executable"

loop=$scratch/ioctl-loop
"${CC:-cc}" -O2 -o "$loop" -x c - <<'C' || die "cannot build the loop (CC)"
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
int main(void)
{
	struct termios t;
	struct timespec a, b;
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < 100000; i++)
		(void)ioctl(fd, TCGETS, &t);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 100000.0);
	return 0;
}
C

median()
{
	sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

: >"$scratch/bare" >"$scratch/after" >"$scratch/before"
for ((r = 0; r < runs; r++)); do
	"$loop" >>"$scratch/bare"
	"$fsjail" run --quiet --workspace "$ws" -- "$loop" >>"$scratch/after"
	[ -z "$before" ] ||
		FSJAIL_DATADIR=$before_data "$before" run --quiet --workspace "$ws" -- "$loop" \
			>>"$scratch/before"
done
b=$(median <"$scratch/bare")
a=$(median <"$scratch/after")
echo "100,000 TCGETS ioctls, ns per call (median of $runs), kernel $(uname -r)"
printf '  bare          %8s\n' "$b"
printf '  fsjail        %8s   x%s bare\n' "$a" "$(ratio "$a" "$b")"
if [ -n "$before" ]; then
	p=$(median <"$scratch/before")
	printf '  fsjail before %8s   x%s bare; after/before x%s\n' "$p" "$(ratio "$p" "$b")" \
		"$(ratio "$a" "$p")"
fi
