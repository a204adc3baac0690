#!/bin/bash
# Restore never takes a name the run made once it holds another file
# (restore takes only what the run made), but it said nothing of it
# (issue 12, user7): undoing a day's runs newest first, a file one run
# made and a later run removed came back with the later run's restore, as
# a new file, so the older run's restore left it silently; on a real
# repository `git stash` then `git stash pop`, undone one by one, left
# refs/stash naming an object the restore had taken, and git fsck failed
# with no word from fsjail. The same when the user put their own file at
# the name. Such a name is now left and said ("leave" in --json). The
# file a later run's restore made again is no longer such a name: that
# restore records it (restore-remade.h, rest13), and the older run's
# restore takes it as the file its run made (t0292 checks git).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

# cycle_of WORD: the run cycle whose command holds WORD.
cycle_of()
{
	"$FSJAIL" backups list --json --workspace "$WS" | python3 -c 'import json, sys
for c in json.load(sys.stdin)["cycles"]:
    if c["kind"] == "run" and sys.argv[1] in c["command"]: print(c["cycle"])' "$1"
}

begin_test "made by one run, removed by the next: undone newest first, the name is taken"
cd "$WS" || bail_out "no workspace"
fsj_sh -- 'echo made >n # one'
assert_rc 0
fsj_sh -- 'rm n # two'
assert_rc 0
ws_restore
assert_content "$WS/n" made
c1=$(cycle_of '# one')
[ -n "$c1" ] || fail "no cycle of the first run"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$c1" --dry-run --json
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert any(a["action"] == "trash" and a["path"] == sys.argv[2] for a in d["actions"]), d["actions"]' "$OUT" "$WS/n" ||
	fail "--dry-run --json would not take n: $(head -c 600 "$OUT")"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle "$c1"
assert_rc 0
assert_not_exists "$WS/n"
if grep -q "'$WS/n'.*left" "$ERR"; then fail "n is said left: $(cat "$ERR")"; fi
end_test

begin_test "made by the run, replaced by the user's own file: left, and said"
fsj_sh -- 'echo run >u'
assert_rc 0
# a new file renamed over it: a plain rm and re-create can get the same
# inode number back, which restore cannot tell from the run's file
echo "the user's" >"$WS/u.new"
mv "$WS/u.new" "$WS/u"
ws_restore
assert_content "$WS/u" "the user's"
grep -q "'$WS/u'.*left" "$ERR" || fail "restore says nothing of u, left: out $(cat "$OUT") err $(cat "$ERR")"
end_test

done_testing
