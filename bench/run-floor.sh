#!/bin/bash
# bench/run-floor.sh - how far the cost targets of issue 14 item 4 (rm -rf
# <= 2x bare, small writes <= 1.5x Landlock alone) lie from the floor of
# any supervisor that traps each unlink and write-open. bench/trap-floor.c
# (built here) is that floor: a seccomp listener that does per call only
# what keeping a backup needs (receive, read the path, take the folder,
# check the notification, one rename or one copy, answer), nothing of
# fsjail's policy, records or checks. Rounds alternate bare, floor and
# fsjail; the table gives medians and ratios to bare. No time is asserted.
# Environment: FSJAIL, BENCH_DIR (default $HOME), BENCH_RUNS (default 3),
# BENCH_FILES (default 10000); the scratch folder is removed at the end.
# FSJAIL_BEFORE=BINARY adds a row for another build, run in each round
# right after this one (its own FSJAIL_HOME: no cache of one is the
# other's).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
bench_setup run-floor 3
n=${BENCH_FILES:-10000}
floor=$scratch/trap-floor
before=${FSJAIL_BEFORE:-}
[ -z "$before" ] || [ -x "$before" ] || die "FSJAIL_BEFORE '$before' is not executable"
mkdir -p "$scratch/home-before/config"
printf 'rules:\n  - path: .\n    allow: [read, write, create, delete]\n' >"$scratch/home-before/config/rules.yaml"
"${CC:-cc}" -O2 -o "$floor" "$top/bench/trap-floor.c" || die "cannot build bench/trap-floor.c"
export HOME=$scratch/home
mkdir -p "$HOME" "$FSJAIL_HOME/config"
printf 'rules:\n  - path: .\n    allow: [read, write, create, delete]\n' >"$FSJAIL_HOME/config/rules.yaml"
writer="import os
for i in range($n):
    with open(os.path.join('d%d' % (i // 100), 'f%d' % i), 'w') as f:
        f.write('new')"

# one CASE HOW: a fresh tree in $ws/t, then HOW's command in it; prints
# the wall seconds of the command alone.
one()
{
	local t0 t1 store=$scratch/store
	rm -rf "$ws/t" "$store" && mkdir -p "$store"
	make_tree "$ws/t" "$n" 1
	case $2 in
	floor) set -- "$1" "$floor" "$store" ;;
	fsjail) set -- "$1" "$fsjail" run --quiet --workspace "$ws" -- ;;
	before) set -- "$1" env FSJAIL_HOME="$scratch/home-before" "$before" run --quiet \
		--workspace "$ws" -- ;;
	landlock) set -- "$1" env FSJAIL_NO_NOTIFY=1 "$fsjail" run --quiet --workspace "$ws" -- ;;
	*) set -- "$1" ;;
	esac
	local c=$1
	shift
	t0=$(date +%s%N)
	case $c in
	rm) (cd "$ws" && "$@" rm -rf t) ;;
	write) (cd "$ws/t" && "$@" python3 -c "$writer") ;;
	esac >/dev/null 2>&1 || die "failed: $c under $*"
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}

declare -A t
hows=(floor fsjail)
[ -z "$before" ] || hows+=(before)
for _ in $(seq "$runs"); do
	for how in bare "${hows[@]}"; do t[rm.$how]+="$(one rm "$how") "; done
	for how in landlock "${hows[@]}"; do t[write.$how]+="$(one write "$how") "; done
done
python3 - "$n" "${t[rm.bare]}" "${t[rm.floor]}" "${t[rm.fsjail]}" "${t[rm.before]:-}" \
	"${t[write.landlock]}" "${t[write.floor]}" "${t[write.fsjail]}" "${t[write.before]:-}" <<'PY'
import statistics
import sys

n = sys.argv[1]
m = [statistics.median(int(x) for x in a.split()) / 1e6 if a.strip() else None
     for a in sys.argv[2:]]
print(f"{n} files, medians in s (ratio to the first row of each block)")
for what, base, target in (("rm -rf", "bare", "<= 2x bare"),
                           ("small writes", "Landlock alone", "<= 1.5x Landlock alone")):
    row = m[:4] if what == "rm -rf" else m[4:]
    for v, name in zip(row, [base, "trap floor", "fsjail", "fsjail before (FSJAIL_BEFORE)"]):
        if v is not None:
            print(f"  {what + ', ' + name:<44} {v:7.3f}  {v / row[0]:6.2f}x")
    if row[3] is not None:
        print(f"  {what}: this build / before {row[2] / row[3]:.2f}x")
    print(f"  target for fsjail: {target}")
PY
