#!/bin/bash
# An unanswered "creating" record (a run killed between the record and its
# create, or a "created" record lost) names its object only by birth time
# (issue 14, restore-made.c). A file the user makes at that name after
# the run - an editor's save before the restore - was born after the
# record too, and `backups restore` moved it to the trash as "made by the
# run" (att4). Restore now takes only an object born within a few seconds
# of the record. The record is appended by hand with a time one minute
# before the user's file, which is what a kill leaves (found with gdb:
# SIGKILL right after backup_note_creating(), then a file made there).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

begin_test "a user's file made after a killed run at a name the run recorded as creating is left"
echo old >"$WS/keep"
fsj_sh -- ': >made-by-run'
assert_rc 0
man=$(find "$FSJAIL_HOME" "$HOME" -name manifest.ndjson 2>/dev/null | head -1)
[ -n "$man" ] || bail_out "no manifest.ndjson after a run that made a file"
now=$(date +%s)
printf '{"op":"creating","path":"%s/victim.txt","dir_dev":"%s","dir_ino":"%s","since":%s,"since_ns":0}\n' \
	"$WS" "$(stat -c %d "$WS")" "$(stat -c %i "$WS")" $((now - 60)) >>"$man"
echo "the user's notes" >"$WS/victim.txt"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ -f "$WS/victim.txt" ] || fail "the user's file made after the run was taken: $(grep -i victim "$OUT" | head -3)"
[ ! -e "$WS/made-by-run" ] || fail "the run's own file was left"
end_test

begin_test "the same name, the object born within seconds of the record: taken"
man2=$man
fsj_sh -- ': >made2'
assert_rc 0
# the run's cycle (the restore above keeps what it took in a cycle too)
man=$(find "$FSJAIL_HOME" "$HOME" -name manifest.ndjson -newer "$man2" 2>/dev/null |
	xargs -r grep -l '"kind":"run"' | head -1)
[ -n "$man" ] || man=$man2
now=$(date +%s)
printf '{"op":"creating","path":"%s/cut.txt","dir_dev":"%s","dir_ino":"%s","since":%s,"since_ns":0}\n' \
	"$WS" "$(stat -c %d "$WS")" "$(stat -c %i "$WS")" $((now - 1)) >>"$man"
echo run >"$WS/cut.txt"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ ! -e "$WS/cut.txt" ] || fail "an object born right after its creating record was left"
end_test
