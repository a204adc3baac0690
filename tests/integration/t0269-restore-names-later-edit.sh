#!/bin/bash
# `backups restore` over a file the user changed after the run (issue 12
# item 1, att6/rm14): the restore put the file back and said nothing, the
# user's later version only findable by listing cycles. The restore still
# puts it back (the later version kept first in the restore's own cycle:
# nothing the user wrote is lost), and now names each such path: "changed
# after the run: that later version is kept in cycle N", in text and in
# --json ("changed_after_run", "kept_in"); restoring that cycle brings
# the user's version back. A file nobody touched after the run is not
# named so.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "a file edited after the run: restored, and the message names it and the cycle"
echo orig >"$WS/f"
echo orig-g >"$WS/g"
fsj_sh -- 'echo run >f && echo run >g'
assert_rc 0
# the run's cycle is committed when fsjail returns; a tick of the
# filesystem clock after it (the file times are coarse), then the edit
sleep 0.1
echo "the user's later version" >"$WS/f"
ws_restore
assert_content "$WS/f" orig
assert_content "$WS/g" orig-g
assert_out_match "restored $WS/f from cycle [^ ]+ \(changed after the run: that later version is kept in cycle [^ ]+ "
grep "$WS/g" "$OUT" | grep -q "changed after the run" && fail "g, untouched after the run, is said to be changed: $(grep "$WS/g" "$OUT")"
end_test

begin_test "--json names it too (kept_in), and restoring that cycle brings the user's version back"
fsj_sh -- 'echo run2 >f'
assert_rc 0
sleep 0.1
echo "later again" >"$WS/f"
run_cmd "$FSJAIL" backups restore --json --workspace "$WS"
assert_rc 0
kept=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(a.get("kept_in", "") for a in d["actions"] if a["path"] == sys.argv[2] and a.get("changed_after_run")))' "$OUT" "$WS/f")
[ -n "$kept" ] || fail "--json has no kept_in for f: $(head -c 600 "$OUT")"
assert_content "$WS/f" orig
if [ -n "$kept" ]; then
	run_cmd "$FSJAIL" backups restore --cycle "$kept" --workspace "$WS"
	assert_rc 0
	assert_content "$WS/f" "later again"
fi
end_test

begin_test "--dry-run says it would keep the later version, and changes nothing"
echo orig >"$WS/f"
fsj_sh -- 'echo run3 >f'
assert_rc 0
sleep 0.1
echo "later 3" >"$WS/f"
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS"
assert_rc 0
assert_content "$WS/f" "later 3"
assert_out_match "would restore $WS/f .*changed after the run: that later version would be kept"
end_test

done_testing
