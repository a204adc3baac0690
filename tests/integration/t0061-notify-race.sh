#!/bin/bash
# The interception hook reads a trapped call's path once and performs the
# call itself (src/notify.h): a thread flipping the path memory between a
# harmless file and a victim, or a symlink swapped between them, between
# the supervisor's read and the kernel's, can no longer truncate a victim
# without a backup. Many victims, a bounded number of tries each (no
# clock): zero victims lost.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock

: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
write_rules <<EOF2
rules:
  - path: .
    allow: [read, write, create, delete, execute]
EOF2
cp "$TEST_BUILDDIR/helpers/notify-attack" "$WS/attack" || bail_out "no notify-attack helper"

N=${FSJAIL_RACE_VICTIMS:-30}
ITER=${FSJAIL_RACE_ITER:-300}
mkdir "$WS/race"
for i in $(seq 0 $((N - 1))); do
	printf 'victim %s %s\n' "$i" "$RANDOM$RANDOM" >"$WS/race/v$i"
	cp "$WS/race/v$i" "$T/orig$i"
done

begin_test "race: $N victims, path flips and symlink swaps: none lost"
fsj_sh --session race -- "cd '$WS' && ./attack race '$WS/race' $N $ITER"
assert_rc 0
assert_out_match 'race done'
changed=0 lost=0
for i in $(seq 0 $((N - 1))); do
	cmp -s "$WS/race/v$i" "$T/orig$i" && continue
	changed=$((changed + 1))
	grep -rqxF -- "$(cat "$T/orig$i")" "$STATE_DIR" 2>/dev/null && continue
	lost=$((lost + 1))
done
diag "victims changed: $changed of $N, lost without a backup: $lost"
[ "$lost" = 0 ] || fail "$lost of $N victims lost their content without a backup"
end_test

done_testing
