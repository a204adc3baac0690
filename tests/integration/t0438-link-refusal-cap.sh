#!/bin/bash
# A refused link(2) names the capability and the path that is missing
# (chk31). Landlock gives a file a new name only where that name grants
# no more than the old one (REFER); `ln ../f hl` from outside the
# workspace was refused as "read <the new name>", a right the new name
# has. The refusal now names read on the OLD name, the one a grant there
# lifts, and says what the new name would add; check predicts the same
# read of the source. A link made outside the workspace is create on the
# new name, in run and check alike. As root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0438_USER 2
setup
require_landlock
echo outside >"$HOME/f" && echo inside >"$WS/zf" || bail_out "cannot make the files"

begin_test "ln ../f hl: refused as read of ../f (not of hl), the reason names hl; check asks for that read"
check_run_pair "ln ../f hl" read "$HOME/f"
printf '%s\n' "$REFUSAL" >"$T/refusal.json"
if [ -n "$REFUSAL" ]; then
	[ "$(json "$T/refusal.json" "d['path']")" = "$HOME/f" ] || fail "the refusal is not on the old name: $REFUSAL"
	[ "$(json "$T/refusal.json" "'new name $WS/hl would grant read' in d['reason']")" = True ] ||
		fail "the reason does not name the new name and what it adds: $REFUSAL"
fi
assert_not_exists "$WS/hl"
end_test

begin_test "ln zf ../hl2: refused as create of ../hl2, as check says"
check_run_pair "ln zf ../hl2" create "$HOME/hl2"
assert_not_exists "$HOME/hl2"
end_test

end_user_pass
done_testing
