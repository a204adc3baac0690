#!/bin/bash
# `backups restore PATH` follows the run's renames of PATH (user8): vim
# saves f by renaming f to f~, writing a new f and removing f~. Restoring
# f alone undid only the records naming f: the new f went to the trash,
# the move back of f~ found no f~ (its "removed" record names f~, not
# asked for) and was skipped without a word, so f was gone and restore
# exited 0. The later records of the name a wanted rename moved the file
# to are undone too, --dry-run says the move back the restore does, and
# the run's f is said trashed before f~ is said moved back onto it (it
# read as if the file put back had gone to the trash). The audit log's
# backup lines said "write" for every change, a remove too ("backup
# write f~"): a remove is a delete.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

SAVE='mv f f~ && echo new >f && rm f~'

begin_test "restore f after a save by rename (vim): f has its old content"
echo old >"$WS/f"
echo other >"$WS/g"
fsj_sh -- "$SAVE"' && echo changed >g'
assert_rc 0
assert_content "$WS/f" "new"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/f"
assert_rc 0
assert_content "$WS/f" "old"
assert_not_exists "$WS/f~"
assert_content "$WS/g" "changed" # not asked for: left
# said in the order done: the run's f trashed, then f~ moved back onto f
tr=$(grep -n "moved to the trash (made by the run) $WS/f\$" "$OUT" | cut -d: -f1)
mb=$(grep -n "moved back $WS/f~ to $WS/f\$" "$OUT" | cut -d: -f1)
[ -n "$tr" ] && [ -n "$mb" ] && [ "$tr" -lt "$mb" ] ||
	fail "the trash of f is not said before the move back onto it: $(cat "$OUT")"
end_test

begin_test "--dry-run names the recreate of f~ and its move back to f"
echo old >"$WS/f"
fsj_sh -- "$SAVE"
assert_rc 0
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS" "$WS/f"
assert_rc 0
assert_out_match "would recreate $WS/f~"
assert_out_match "would move back $WS/f~ to $WS/f\$"
assert_content "$WS/f" "new"
end_test

begin_test "a chain of renames: f to f.1 to f.2, f.2 removed"
echo old >"$WS/f"
fsj_sh -- 'mv f f.1 && mv f.1 f.2 && echo new >f && rm f.2'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/f"
assert_rc 0
assert_content "$WS/f" "old"
assert_not_exists "$WS/f.1"
assert_not_exists "$WS/f.2"
end_test

begin_test "the audit log names a backup before a remove 'delete', before a write 'write'"
echo a >"$WS/w"
echo b >"$WS/r"
fsj_sh -- 'echo more >>w && rm r'
assert_rc 0
run_cmd "$FSJAIL" log --json --workspace "$WS"
assert_rc 0
grep -q '"capability":"write","path":"'"$WS"'/w".*"decision":"backup"' "$OUT" ||
	fail "no write backup line for w: $(grep '"backup"' "$OUT" | tail -3)"
grep -q '"capability":"delete","path":"'"$WS"'/r".*"decision":"backup"' "$OUT" ||
	fail "no delete backup line for r: $(grep '"backup"' "$OUT" | tail -3)"
end_test

done_testing
