#!/bin/bash
# `fsjail backups restore A B` across runs (undo33 item 1): A changed by
# one run and B by the next, the restore took the newest cycle touching
# either, restored B, said "no backup of A" and exited 125; A changed by
# both runs came back to its state between them. Every run cycle of the
# workspace that changed one of the paths is now undone, newest first
# (with --cycle C: C and the later ones), and the restore says which and
# in what order; it stops at a run already undone by a restore, or
# before one after which the user changed a path outside fsjail (that
# change would be lost), and says so. Asserts each file's content, the
# exit status, and that the dry run names the same cycles.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0445_USER 5
setup
require_landlock

# cycles: the run cycles of $WS, oldest first, one a line.
cycles()
{
	"$FSJAIL" backups list --json --workspace "$WS" |
		python3 -c 'import json, sys
for c in json.load(sys.stdin)["cycles"]:
    if c["kind"] == "run": print(c["cycle"])'
}

# fresh: A (a0) and B (b0) in an empty workspace, no cycles.
fresh()
{
	rm -rf "$STATE_DIR/sessions" "${WS:?}"/*
	echo a0 >"$WS/A"
	echo b0 >"$WS/B"
}

begin_test "A changed by run 1, B by run 2: restore A B brings back both, exit 0"
fresh
fsj_sh -- 'echo a1 >A'
fsj_sh -- 'echo b1 >B'
[ "$(cycles | wc -l)" = 2 ] || fail "not two cycles: $(cycles)"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/A" "$WS/B"
assert_rc 0
assert_content "$WS/A" a0
assert_content "$WS/B" b0
assert_out_match "undone newest first: $(cycles | sed -n 2p) $(cycles | sed -n 1p)\$"
assert_out_match "^restored $WS/A from cycle $(cycles | sed -n 1p)"
assert_out_match "^restored $WS/B from cycle $(cycles | sed -n 2p)"
end_test

begin_test "A changed by both runs: back to before the first (a0), not between them"
fresh
fsj_sh -- 'echo a1 >A'
fsj_sh -- 'echo b1 >B; echo a2 >A'
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run "$WS/A" "$WS/B"
assert_rc 0
assert_out_match "would restore $WS/A and $WS/B to before cycle $(cycles | sed -n 1p)"
assert_content "$WS/A" a2
run_cmd "$FSJAIL" backups restore --workspace "$WS" --dry-run --json "$WS/A" "$WS/B"
assert_rc 0
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "fsjail-restore/1" and d["dry_run"], d
assert d["cycles"] == sys.argv[2:], d["cycles"]
assert len(d["steps"]) == 2, d["steps"]' "$OUT" "$(cycles | sed -n 2p)" "$(cycles | sed -n 1p)" \
	2>"$T/py" || { fail "--json lacks the two cycles"; diag_file py "$T/py"; }
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/A" "$WS/B"
assert_rc 0
assert_content "$WS/A" a0
assert_content "$WS/B" b0
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/A" "$WS/B"
assert_rc 0
assert_content "$WS/A" a0
end_test

begin_test "--cycle of run 2 with A: runs 3 and 2 undone (run 3's rename too), run 1 not"
fresh
fsj_sh -- 'echo a1 >A'
fsj_sh -- 'echo a2 >A'
fsj_sh -- 'mv A A.old; echo a3 >A'
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$(cycles | sed -n 2p)" "$WS/A"
assert_rc 0
assert_content "$WS/A" a1
assert_not_exists "$WS/A.old"
assert_content "$WS/B" b0
end_test

begin_test "a path no run changed: said, exit 125, the others still restored"
fresh
fsj_sh -- 'echo a1 >A'
fsj_sh -- 'echo b1 >B'
echo z >"$WS/Z"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/A" "$WS/B" "$WS/Z"
assert_rc 125
assert_err_match "no backup of '$WS/Z'"
assert_content "$WS/A" a0
assert_content "$WS/B" b0
end_test

begin_test "A edited by the user between the runs: only the later run undone, and said why"
fresh
fsj_sh -- 'echo a1 >A'
sleep 0.05
echo "the user's" >"$WS/A"
fsj_sh -- 'echo a2 >A; echo b2 >B'
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/A" "$WS/B"
assert_rc 0
assert_content "$WS/A" "the user's"
assert_content "$WS/B" b0
assert_err_match "not undoing cycle $(cycles | sed -n 1p) nor older ones: $WS/A was changed after its run, outside fsjail"
end_test

end_user_pass
done_testing
