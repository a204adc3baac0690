#!/bin/bash
# Hidden folders a kill -9 leaves in the backup store are removed
# (tidy13). A run parks an empty cycle as $STATE/sessions/.spare-N and
# drops one through modify_backup/.drop-C (backup_spare.h,
# backup_commit.c); killed in the middle it left a session holding only
# modify_backup/.spare (half parked, or half taken by the next run), a
# .drop-C, or a slot that is no whole spare, and nothing ever removed
# them: `backups` never lists dot names. Now `backups prune` and a run's
# automatic prune remove what no live run holds locked (flock), and leave
# what one does. Before the fix tests 1 and 3 failed (all was left).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan 3
setup
require_landlock
command -v flock >/dev/null || skip_rest_kernel "flock(1) is needed"

S=$STATE_DIR/sessions

# leftovers: what a killed run leaves, under session names a, b and the
# slot .spare-1 (a spare whose files/ is not empty is no spare)
leftovers()
{
	mkdir -p "$S/a/modify_backup/.spare/files" "$S/b/modify_backup/.drop-c1/files" \
		"$S/.spare-1/modify_backup/.spare/files"
	: >"$S/a/modify_backup/.spare/spare.ndjson"
	echo '{"op":"cycle"}' >"$S/b/modify_backup/.drop-c1/manifest.ndjson"
	echo x >"$S/.spare-1/modify_backup/.spare/files/x"
	: >"$S/.spare-1/modify_backup/.spare/spare.ndjson"
}

# no_leftovers: none of them is there any more
no_leftovers()
{
	local p
	for p in "$S/a" "$S/b" "$S/.spare-1"; do
		[ -e "$p" ] && fail "left in the store: $p: $(find "$p" | head -5 | tr '\n' ' ')"
	done
	return 0
}

begin_test "backups prune removes a half-parked session, a .drop- folder and a broken slot"
fsj_sh -- 'echo x >lock && rm lock' # a whole spare, to be kept
assert_rc 0
sp=$(find "$S" -mindepth 1 -maxdepth 1 -name '.spare-*' | head -1)
[ -n "$sp" ] || fail "no spare after an empty run"
mkdir -p "$S"
leftovers
run_cmd "$FSJAIL" backups prune
assert_rc 0
no_leftovers
[ -z "$sp" ] || [ -d "$sp/modify_backup/.spare/files" ] || fail "the whole spare $sp was removed"
end_test

begin_test "a hidden folder a live run holds locked is left"
mkdir -p "$S/live/modify_backup/.spare/files"
(exec 9<"$S/live/modify_backup/.spare" && flock -x 9 && exec sleep 30) >/dev/null 2>&1 &
holder=$!
sleep 0.5
run_cmd "$FSJAIL" backups prune
assert_rc 0
[ -d "$S/live/modify_backup/.spare" ] || fail "a folder a live run holds was removed"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
run_cmd "$FSJAIL" backups prune
[ -e "$S/live" ] && fail "left once its run was gone: $S/live"
end_test

begin_test "the next run's automatic prune removes them too"
leftovers
rm -f "$STATE_DIR/backup-prune.stamp"
fsj_sh -- 'echo new >n1'
assert_rc 0
no_leftovers
end_test

done_testing
