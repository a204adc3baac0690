#!/bin/bash
# `backups restore` takes away what the run made (into the restore's own
# cycle, with a trash entry); when the user changed such a file after the
# run (edited the file a tool generated, or the file at a name the run
# deleted and made again), the text said only "moved to the trash (made
# by the run)": the user's later work left the workspace without a word,
# where a file whose content the restore puts back over a later version
# says "changed after the run" and the line that brings it back (t0269).
# --json's detail said it; the text, which a person reads, did not (att27,
# goal 1: restore when the file was later changed on the host must not
# clobber silently). Now the taken object says so too, in the text, in
# the dry run and in --json ("changed_after_run", "kept_in"), and the
# line it names brings the user's version back.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_TAKEN_LATER_USER_PASS 4
setup
require_landlock

# kept_cycle PATH: the cycle C of the "fsjail backups restore --cycle C
# PATH" line the restore's text names for PATH (empty when none).
kept_cycle()
{
	sed -n "s|.*that later version is kept in cycle \([^ ]*\) (fsjail backups restore --cycle [^ ]* $1 brings it back).*|\1|p" "$OUT" | head -1
}

begin_test "a file the run made and the user edited after: the trash line says so, and its line brings the edit back"
fsj_sh -- 'echo generated >gen.txt'
assert_rc 0
sleep 0.1
echo "the user's own edit" >"$WS/gen.txt"
ws_restore
assert_not_exists "$WS/gen.txt"
assert_out_match "moved to the trash \(made by the run\) $WS/gen.txt \(changed after the run: that later version is kept in cycle [^ ]+ \(fsjail backups restore --cycle [^ ]+ $WS/gen.txt brings it back\)\)"
c=$(kept_cycle "$WS/gen.txt")
if [ -n "$c" ]; then
	run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$c" "$WS/gen.txt"
	assert_rc 0
	assert_content "$WS/gen.txt" "the user's own edit"
fi
rm -f "$WS/gen.txt"
end_test

begin_test "in a folder the run made: the file says so, the folder goes once empty"
fsj_sh -- 'mkdir out && echo generated >out/x'
assert_rc 0
sleep 0.1
echo "edited" >"$WS/out/x"
ws_restore
assert_not_exists "$WS/out"
assert_out_match "moved to the trash \(made by the run\) $WS/out/x \(changed after the run: that later version is kept in cycle "
c=$(kept_cycle "$WS/out/x")
if [ -n "$c" ]; then
	run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$c" "$WS/out/x"
	assert_rc 0
	assert_content "$WS/out/x" "edited"
fi
rm -rf "$WS/out"
end_test

begin_test "a file deleted and made again by the run, edited after: the recreated line says the run's version changed"
echo original >"$WS/notes"
fsj_sh -- 'rm notes && echo by-the-run >notes'
assert_rc 0
sleep 0.1
echo "the user's notes" >"$WS/notes"
ws_restore
assert_content "$WS/notes" original
assert_out_match "recreated $WS/notes from cycle [^ ]+ \(the run's version moved to the trash, changed after the run: that later version is kept in cycle [^ ]+ \(fsjail backups restore --cycle [^ ]+ $WS/notes brings it back\)\)"
rm -f "$WS/notes"
end_test

begin_test "--dry-run and --json say it too; a file nobody touched after the run is not named so"
fsj_sh -- 'echo generated >a.txt && echo generated >b.txt'
assert_rc 0
sleep 0.1
echo "edited" >"$WS/a.txt"
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS"
assert_rc 0
assert_content "$WS/a.txt" edited
assert_out_match "would move to the trash $WS/a.txt \(changed after the run: that later version would be kept in the restore's own cycle\)"
grep -F "$WS/b.txt" "$OUT" | grep -q "changed after" && fail "b.txt, untouched after the run, is said changed: $(grep -F "$WS/b.txt" "$OUT")"
run_cmd "$FSJAIL" backups restore --json --workspace "$WS"
assert_rc 0
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
a = [x for x in d["actions"] if x["action"] == "trash"]
by = {x["path"]: x for x in a}
ok = by[sys.argv[2]].get("changed_after_run") is True and by[sys.argv[2]].get("kept_in")
ok = ok and not by[sys.argv[3]].get("changed_after_run")
sys.exit(0 if ok else 1)' "$OUT" "$WS/a.txt" "$WS/b.txt" ||
	fail "--json: the trash action of a.txt lacks changed_after_run/kept_in (or b.txt has it): $(head -c 800 "$OUT")"
end_test

end_user_pass
done_testing
