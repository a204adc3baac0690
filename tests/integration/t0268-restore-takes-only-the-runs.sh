#!/bin/bash
# `backups restore` takes back only what the run made (issue 12 item 1;
# holes att6/rm14). Before, a folder the run made went to the trash whole,
# with whatever the user had put in it since the run; and a name the run
# made was moved away by name after a check, so a second process renaming
# a user's file onto that name in between had the user's file taken. Now
# the run's entries are taken one by one (each by its "created" record's
# identity), a folder only once empty, and a folder still holding anything
# is left and said (text and --json); what is taken goes into the
# restore's own cycle by a rename on held folder descriptors and is
# checked there: another object that arrived goes back.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock

# json_actions: the actions of the last --json restore (in $OUT) as
# "action path" lines, paths relative to $WS.
json_actions()
{
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for a in d["actions"]:
    print(a["action"], a["path"].replace(sys.argv[2] + "/", "", 1))' "$OUT" "$WS"
}

begin_test "a user's file deep inside a tree the run made: kept with its folders, and said"
fsj_sh -- 'mkdir -p a/b/c && echo run >a/b/c/r && echo run >a/top && mkdir a/empty'
assert_rc 0
echo "the user's notes" >"$WS/a/b/c/mine"
run_cmd "$FSJAIL" backups restore --json --workspace "$WS"
assert_rc 0
assert_content "$WS/a/b/c/mine" "the user's notes"
[ ! -e "$WS/a/b/c/r" ] && [ ! -e "$WS/a/top" ] && [ ! -e "$WS/a/empty" ] ||
	fail "the run's own files and empty folder were not taken: $(cd "$WS" && find a | tr '\n' ' ')"
json_actions >"$T/acts"
for p in a a/b a/b/c; do
	grep -qx "leave $p" "$T/acts" || fail "--json does not say folder $p is left: $(tr '\n' ';' <"$T/acts")"
done
grep -q '"detail":[[:space:]]*"the run made this folder, but it still holds 1 entry once the run.s are taken (mine)' "$OUT" ||
	fail "--json does not say why a/b/c is left: $(grep -o '"detail":[^}]*' "$OUT" | head -3)"
end_test

begin_test "the same in text: the folder left is named on stderr with what it holds"
rm -rf "$WS/a"
fsj_sh -- 'mkdir -p t/u && echo run >t/u/r'
assert_rc 0
echo mine >"$WS/t/u/mine"
ws_restore
assert_content "$WS/t/u/mine" mine
assert_err_match "t/u': the run made this folder, but it still holds 1 entry once the run.s are taken \(mine\)"
end_test

begin_test "a hard link the user made to a file the run made, inside the run's folder: kept"
fsj_sh -- 'mkdir h && echo "run data" >h/f'
assert_rc 0
ln "$WS/h/f" "$WS/h/mine"
ws_restore
assert_content "$WS/h/mine" "run data"
[ ! -e "$WS/h/f" ] || fail "the run's own name h/f was left"
end_test

begin_test "a folder the run made, replaced by a symlink to outside the workspace: nothing outside touched"
fsj_sh -- 'mkdir s && echo run >s/f'
assert_rc 0
mkdir -p "$T/outside"
echo "outside file" >"$T/outside/f"
rm -rf "$WS/s"
ln -s "$T/outside" "$WS/s"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_content "$T/outside/f" "outside file"
[ -L "$WS/s" ] || fail "the symlink the user put at s was taken"
end_test

# The race, made certain: gdb stops the restore at its first rename(2)
# (the take of the run's file r1), a second process renames the user's
# file u1 onto r1, then the restore goes on.
rm -f "$WS/s"
if ! command -v gdb >/dev/null; then
	skip_kernel "no gdb to stop the restore between its check and its rename"
else
	begin_test "a user's file renamed onto a run's name during the restore: it stays in the workspace"
	fsj_sh -- 'echo run >r1'
	assert_rc 0
	echo "user 1" >"$WS/u1"
	cat >"$T/race.gdb" <<EOF2
set \$done = 0
catch syscall renameat2
commands
silent
if \$done == 0
shell mv -fT "$WS/u1" "$WS/r1"
set \$done = 1
end
continue
end
run
EOF2
	(cd "$WS" && gdb -q -batch -x "$T/race.gdb" --args "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
	grep -q "exited" "$OUT" || diag "gdb: $(tail -3 "$OUT")"
	[ ! -e "$WS/u1" ] || fail "the second process's rename did not happen"
	assert_content "$WS/r1" "user 1"
	grep -q "another object came to this name during the restore: it was put back" "$ERR" ||
		fail "the restore does not say it put the user's file back: $(tail -3 "$ERR")"
	end_test
fi

done_testing
