#!/bin/bash
# Linear where a line does not parse (issue 19 item 2): tree-sitter hangs
# the tokens of such a line under one node, and the walks of check took
# each child with ts_node_child(n, i), which costs O(i): `{ ` 20,000
# times (40 KB) took 28 s of CPU in check, and `fsjail check --lines`
# stopped answering a harness for that long (att34). The here-document
# repair's walk and the statements' walk now go by a tree cursor. Check's
# CPU time for 8 times the text is under 24 times that of the smaller
# (linear: ~8; the old walk: ~60), in one invocation; no clock is compared
# with a constant (tests/helpers/cost.py).
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
COST=$TEST_SRCDIR/helpers/cost.py

begin_test "check of nested braces that do not parse: linear"
for n in 2500 20000; do
	python3 -c "import sys; n = int(sys.argv[1]); sys.stdout.write('{ ' * n + 'echo;' + ' }' * n)" "$n" >"$T/line-$n"
done
read -r rc1 cpu1 rss1 < <(timeout -k 5 300 python3 "$COST" "$T/line-2500" -- "$FSJAIL" check --tier guarded -- -)
read -r rc2 cpu2 rss2 < <(timeout -k 5 300 python3 "$COST" "$T/line-20000" -- "$FSJAIL" check --tier guarded -- -)
diag "5 KB: rc $rc1, ${cpu1}s CPU; 40 KB: rc $rc2, ${cpu2}s CPU"
[ "$rc1" = 3 ] && [ "$rc2" = 3 ] || fail "exit $rc1 and $rc2, expected 3 (prompt: the line does not parse)"
python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if b < 24 * max(a, 0.02) else 1)" \
	"$cpu1" "$cpu2" || fail "${cpu2}s CPU for 40 KB against ${cpu1}s for 5 KB: not linear"
end_test

done_testing
