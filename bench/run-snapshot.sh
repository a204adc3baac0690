#!/bin/bash
# bench/run-snapshot.sh - what the snapshot method (backup.method:
# snapshot, src/snapshot.h; issue 15 item 4) costs on a 10,000-file
# workspace. One invocation prints wall times and ratios for:
#   - /bin/true under fsjail with the listener's backups (intercept: the
#     baseline) and with snapshot (every file cloned or copied before the
#     run, compared after it): the fixed cost of a run;
#   - 100 files changed by the command (echo >>), same two methods;
#   - the snapshot's own line (files, clones, copies, MiB, seconds).
# On a filesystem without clones (ext4) every file is copied: the ratio is
# the price of undo without a hook there. BENCH_DIR on Btrfs or XFS (or
# BENCH_XFS=1 as root: a loop-mounted XFS with reflink=1) shows clones.
# Nothing here asserts a time: the numbers are for people, not tests.
# Environment: FSJAIL (default: src/fsjail of this tree), BENCH_DIR
# (default $HOME; the scratch folder is removed at the end), BENCH_FILES
# (default 10000), BENCH_ROUNDS (default 3, medians).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-snapshot
nfiles=${BENCH_FILES:-10000}
rounds=${BENCH_ROUNDS:-3}
mnt=
trap '[ -z "$mnt" ] || umount "$mnt"; bench_cleanup' EXIT
if [ "${BENCH_XFS:-0}" = 1 ]; then
	truncate -s 1G "$scratch/xfs.img"
	mkfs.xfs -q -m reflink=1 "$scratch/xfs.img" || die "mkfs.xfs failed"
	mkdir "$scratch/xfs" && mount -o loop "$scratch/xfs.img" "$scratch/xfs" && mnt=$scratch/xfs
	ws=$mnt/ws
	export FSJAIL_HOME=$mnt/fsjail-home
	mkdir -p "$ws"
fi
bench_own_home "${mnt:-$scratch}"
mkdir -p "$FSJAIL_HOME/config"
make_tree "$ws" "$nfiles" 20

method() { printf 'backup:\n  method: %s\n  keep_days: 0\n' "$1" >"$FSJAIL_HOME/config/config.yaml"; }

# median_run CMD...: the median wall time of rounds runs, in seconds.
median_run()
{
	local i t0 t1 ts=()
	for ((i = 0; i < rounds; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>"$scratch/err" || die "failed: $* ($(cat "$scratch/err"))"
		t1=$(date +%s%N)
		ts+=("$(((t1 - t0) / 1000))")
	done
	printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]/1e6}'
}
touch100='for i in $(seq 0 99); do echo x >>d$((i / 100))/f$i; done'

method intercept
t_true_i=$(median_run "$fsjail" run --workspace "$ws" -- /bin/true)
t_w_i=$(median_run "$fsjail" run --workspace "$ws" -- bash -c "cd '$ws' && $touch100")
method snapshot
t_true_s=$(median_run "$fsjail" run --workspace "$ws" -- /bin/true)
t_w_s=$(median_run "$fsjail" run --workspace "$ws" -- bash -c "cd '$ws' && $touch100")
FSJAIL_TIMING=1 "$fsjail" run --workspace "$ws" -- /bin/true 2>&1 >/dev/null | grep 'snapshot:' >"$scratch/line" || true

printf '%s files on %s (%s rounds, medians)\n' "$nfiles" "$(stat -f -c %T "$ws")" "$rounds"
printf '%-36s %10s %10s %8s\n' "" intercept snapshot ratio
printf '%-36s %9ss %9ss %7sx\n' "fsjail run -- /bin/true" "$t_true_i" "$t_true_s" "$(ratio "$t_true_s" "$t_true_i")"
printf '%-36s %9ss %9ss %7sx\n' "100 files appended to" "$t_w_i" "$t_w_s" "$(ratio "$t_w_s" "$t_w_i")"
printf 'the snapshot: %s\n' "$(sed 's/^fsjail: snapshot: //' "$scratch/line")"
