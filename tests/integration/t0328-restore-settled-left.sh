#!/bin/bash
# Runs undone out of order (the older first): the later run's restore
# leaves only the paths the older run's restore acted on (att10). It left
# every path of the older run's records, also those that restore had
# left: run 1 changed f and made p, run 2 put its own file over p (a
# rename over it) and changed f again; the restore of run 1 put f back
# and left p (another file than its run made), and the restore of run 2
# then left p too, saying a restore of an older run had put it back
# already: run 2's file outlived the undo of both runs. As root and again
# as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0328_USER 1
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

# run_cycle N: the name of the Nth run cycle of $WS, oldest first.
run_cycle()
{
	"$FSJAIL" backups list --json --workspace "$WS" | python3 -c '
import json, sys
n = [c["cycle"] for c in json.load(sys.stdin)["cycles"] if c["kind"] == "run"]
print(n[int(sys.argv[1]) - 1] if len(n) >= int(sys.argv[1]) else "")' "$1"
}

begin_test "run 2's file over run 1's is not left by run 2's restore, older restored first"
echo v0 >f
fsj_sh -- 'echo v1 >f && echo mine >p'
assert_rc 0
fsj_sh -- 'echo planted >t && mv t p && echo v2 >f'
assert_rc 0
for n in 1 2; do
	c=$(run_cycle "$n")
	[ -n "$c" ] || { fail "no run cycle $n"; break; }
	run_cmd "$FSJAIL" backups restore --cycle "$c" --workspace "$WS"
	assert_rc 0
done
[ "$(cat f)" = v0 ] || fail "f is '$(cat f)', not v0"
[ "$(cat p 2>/dev/null)" = planted ] && fail "run 2's p outlived the undo of both runs"
assert_out_match "recreated $WS/p "
end_test

end_user_pass
done_testing
