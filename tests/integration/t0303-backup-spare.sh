#!/bin/bash
# An empty cycle's folders are kept for the next run (src/backup_spare.h;
# issue 12, `git status` at <= 1.3x bare): a run whose cycle holds nothing
# to restore parks its emptied session folder as $STATE/sessions/.spare-N,
# and the next run that records anything renames it into place instead of
# making five folders and files. What must hold: a spare holds no record,
# `backups` never lists one, a cycle made from a spare is restorable like
# any other (also after kill -9), records a spare held are never read as
# the new cycle's, and a session that is not the run's own (--session) is
# never parked (another run of it could be writing there). Before
# backup_spare.c the first test failed (no spare: the folders were
# removed).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan 5
setup
require_landlock
command -v git >/dev/null || skip_rest_kernel "git is needed"
git_env

S=$STATE_DIR/sessions

# made_and_removed [RUN-OPTIONS]: a run whose cycle holds nothing to
# restore (a lock file made and removed, as git status does; git status
# itself would write the index a restore made stale)
made_and_removed()
{
	fsj_sh "$@" -- 'echo x >lock && rm lock'
	assert_rc 0
}

# spares: the spare session folders, one a line
spares()
{
	find "$S" -mindepth 1 -maxdepth 1 -name '.spare-*' 2>/dev/null | LC_ALL=C sort
}

for i in 1 2 3; do echo "file $i" >"$WS/f$i"; done
git_settled "$WS"

begin_test "a git status run leaves one spare, empty, which the next git status takes and parks again"
fsj -- git status --porcelain
assert_rc 0
[ "$(spares | wc -l)" = 1 ] || fail "spares after git status: '$(spares)'"
sp=$(spares | head -1)
[ -f "$sp/modify_backup/.spare/spare.ndjson" ] && [ ! -s "$sp/modify_backup/.spare/spare.ndjson" ] ||
	fail "the spare's manifest is not there and empty: $(find "$sp" -ls 2>&1 | head -5)"
[ -d "$sp/modify_backup/.spare/files" ] || fail "the spare has no files/"
ino=$(stat -c %i "$sp/modify_backup/.spare")
fsj -- git status --porcelain
assert_rc 0
[ "$(spares | wc -l)" = 1 ] || fail "spares after a second git status: '$(spares)'"
[ "$(stat -c %i "$(spares | head -1)/modify_backup/.spare")" = "$ino" ] ||
	fail "the second run made a new cycle folder instead of taking the spare"
n=$(cycles)
[ "$n" = 0 ] || fail "$n cycles listed"
left=$(find "$S" -mindepth 1 -maxdepth 1 ! -name '.spare-*' | head -3)
[ -z "$left" ] || fail "left in the store: $left"
end_test

begin_test "a run that keeps its cycle takes the spare: listed, and restorable"
ino=$(stat -c %i "$(spares | head -1)/modify_backup/.spare")
fsj_sh -- 'echo changed >f1 && rm f2'
assert_rc 0
[ -z "$(spares)" ] || fail "the spare was not taken: $(spares)"
[ "$(cycles)" = 1 ] || fail "$(cycles) cycles, not 1"
cyc=$(find "$S" -mindepth 3 -maxdepth 3 -path '*/modify_backup/*' ! -name '.*' | head -1)
[ "$(stat -c %i "$cyc")" = "$ino" ] || fail "the kept cycle is not the spare's folder"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/f1" "file 1"
assert_content "$WS/f2" "file 2"
end_test

begin_test "records a spare still held are emptied when it is taken, never restored"
"$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1
made_and_removed
sp=$(spares | head -1)
[ -n "$sp" ] || fail "no spare after git status"
# as if a kill had stopped a park between the rename and the truncate
printf '%s\n' '{"op":"cycle","v":2,"session":"x","cycle":"y","kind":"run","command":"old"}' \
	"{\"op\":\"created\",\"path\":\"$WS/f3\"}" >"$sp/modify_backup/.spare/spare.ndjson"
fsj_sh -- 'echo new >n1'
assert_rc 0
m=$(find "$S" -mindepth 4 -maxdepth 4 -name manifest.ndjson ! -path '*/.*' | head -1)
[ -n "$m" ] || fail "no manifest of the new cycle"
grep -q '"old"' "$m" && fail "the new cycle holds the spare's old records: $(cat "$m")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_exists "$WS/f3"
assert_not_exists "$WS/n1"
end_test

begin_test "a run killed with a cycle taken from a spare leaves that cycle restorable"
"$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1
made_and_removed
[ -n "$(spares)" ] || fail "no spare before the kill"
killed_after_rm "$WS/f3"
[ -z "$(spares)" ] || fail "the killed run did not take the spare"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/f3" "file 3"
end_test

begin_test "a session given by --session is never parked"
"$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1
rm -rf "$S"/.spare-*
made_and_removed --session t0303-given
[ -z "$(spares)" ] || fail "a --session run parked its folders: $(spares)"
[ "$(cycles)" = 0 ] || fail "$(cycles) cycles after a lock file made and removed"
[ ! -e "$S/t0303-given" ] || fail "the session's folders were not removed: $(find "$S/t0303-given" | head -3)"
end_test

done_testing
