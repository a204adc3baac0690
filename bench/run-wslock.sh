#!/bin/bash
# bench/run-wslock.sh - what the workspace lock costs per trapped call
# (issue 14, att5: src/hostlock.h takes flock(2) on a file of the
# workspace with the host lock, and stamps each record with a sequence
# number read and written under it). Rounds alternate FSJAIL_BASE (an
# fsjail built without it, e.g. `git archive` of the commit before) and
# FSJAIL on the same cases: rm -rf of BENCH_FILES files (one record, one
# lock per unlink) and as many small writes into new files (creating and
# created records). Medians and the ratio FSJAIL / FSJAIL_BASE. No time is
# asserted. Environment: FSJAIL, FSJAIL_BASE (required), BENCH_DIR
# (default $HOME), BENCH_RUNS (default 5), BENCH_FILES (default 5000).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
bench_setup run-wslock 5
n=${BENCH_FILES:-5000}
base=${FSJAIL_BASE:-}
[ -x "$base" ] || die "set FSJAIL_BASE to an fsjail built without the workspace lock"
bench_own_home "$scratch"
mkdir -p "$FSJAIL_HOME/config"
printf 'rules:\n  - path: .\n    allow: [read, write, create, delete]\n' >"$FSJAIL_HOME/config/rules.yaml"
writer="import os
os.makedirs('w', exist_ok=True)
for i in range($n):
    with open('w/n%d' % i, 'w') as f:
        f.write('new')"

# one CASE BINARY: prints the wall microseconds of the run alone.
one()
{
	local t0 t1
	rm -rf "$ws/t" "$ws/w" "$FSJAIL_HOME/state/sessions"
	make_tree "$ws/t" "$n" 1
	t0=$(date +%s%N)
	case $1 in
	rm) (cd "$ws" && "$2" run --quiet --workspace "$ws" -- rm -rf t) ;;
	write) (cd "$ws" && "$2" run --quiet --workspace "$ws" -- python3 -c "$writer") ;;
	esac >/dev/null 2>&1 || die "failed: $1 under $2"
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}

declare -A t
for r in $(seq "$runs"); do
	for c in rm write; do
		if [ $((r % 2)) = 1 ]; then # who goes first alternates too
			t[$c.base]+="$(one $c "$base") "
			t[$c.lock]+="$(one $c "$fsjail") "
		else
			t[$c.lock]+="$(one $c "$fsjail") "
			t[$c.base]+="$(one $c "$base") "
		fi
	done
done
python3 - "$n" "${t[rm.base]}" "${t[rm.lock]}" "${t[write.base]}" "${t[write.lock]}" <<'PY'
import statistics
import sys

n = sys.argv[1]
m = [statistics.median(int(x) for x in a.split()) / 1e6 for a in sys.argv[2:]]
print(f"{n} files, medians in s")
for i, name in enumerate(["rm -rf", "small writes into new files"]):
    b, l = m[2 * i], m[2 * i + 1]
    print(f"  {name:<30} without {b:7.3f}  with the lock {l:7.3f}  {l / b:5.2f}x")
PY
