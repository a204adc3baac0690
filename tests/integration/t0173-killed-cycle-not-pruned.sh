#!/bin/bash
# A run killed with SIGKILL after its deletes made no trash entry for them
# (trash entries are made when the run ends, src/trash_batch.c): its
# uncommitted cycle is their only copy. The next run's automatic prune
# (backup.store_max_mb, src/backup_run.c prune_store()) must not remove
# it: the deleted files stay restorable. Before, the next run pruned the
# killed run's cycle (over the 1 MiB cap) and the files were gone, in no
# trash and no cycle.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan 1
setup
require_landlock

write_config <<'YAML'
backup:
  store_max_mb: 1
YAML

begin_test "the next run does not prune a killed run's cycle; its deletes restore"
mkdir -p "$WS/d"
for i in 1 2 3; do head -c 700000 /dev/urandom >"$WS/d/big$i"; done
cp -a "$WS/d" "$T/orig"
echo e >"$WS/edit.txt"
killed_after_rm "$WS/d"
assert_not_exists "$WS/d"
fsj_sh -- 'echo more >>edit.txt'
assert_rc 0
for c in $("$FSJAIL" backups list --workspace "$WS" 2>/dev/null | awk '{print $2}' | sort -r); do
	"$FSJAIL" backups restore --workspace "$WS" --cycle "$c" >>"$T/restore.out" 2>&1
done
diff -r "$T/orig" "$WS/d" >/dev/null 2>&1 ||
	fail "d not restored: $(diff -r "$T/orig" "$WS/d" 2>&1 | head -2 | tr '\n' ' ')"
[ "$T_FAIL" = 1 ] && diag_file restore "$T/restore.out"
end_test

done_testing
