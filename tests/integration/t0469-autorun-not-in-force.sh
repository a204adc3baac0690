#!/bin/bash
# On Linux the rule workspace-autorun is left out where mount masks or
# the seccomp listener are missing (a deny in the workspace would expand
# it), and `fsjail status` did not say so: the user believed the files
# editors and agents run by themselves were protected. Now status warns
# that the rule is not in force on this machine, why, and what to do;
# `fsjail explain` of such a path (.claude/commands/x.md, a script a hook
# names) says it in a note, and `fsjail run` warns before the command. Where the rule is in force, or the config
# turns it off, nothing is said. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0469_USER 5
setup
require_landlock
mkdir -p "$WS/.claude" "$WS/scripts"
echo '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "scripts/stop.sh"}]}]}}' \
	>"$WS/.claude/settings.json"
echo stop >"$WS/scripts/stop.sh"
echo plain >"$WS/plain.txt"

begin_test "status without mount masks: the rule is not in force, why, what to do"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_match '^warning: the protected rule workspace-autorun \(the files editors and agents run by themselves: .*\) is not in force on this machine: mount masks are not available \(FSJAIL_NO_MOUNT_MASKS is set'
assert_out_match 'fsjail names a changed file of that list after the run, but nothing changed in those folders or in the scripts their hooks name$'
FSJAIL_NO_NOTIFY=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match '^warning: the protected rule workspace-autorun .* is not in force on this machine: the seccomp listener is turned off \(unset FSJAIL_NO_NOTIFY\)'
end_test

begin_test "explain without mount masks: a note on the paths the rule would hold, none elsewhere"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.claude/commands/x.md"
assert_rc 0
assert_out_match '^  note: the protected rule workspace-autorun .* is not in force on this machine: mount masks are not available'
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/scripts/stop.sh"
assert_out_match '^  note: the protected rule workspace-autorun .* is not in force on this machine'
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/plain.txt"
assert_out_nomatch 'workspace-autorun'
end_test

begin_test "run without the listener: the warning before the command, none with --quiet"
FSJAIL_NO_NOTIFY=1 fsj -- sh -c 'echo out'
assert_rc 0
assert_err_match '^fsjail: warning: the protected rule workspace-autorun .* is not in force on this machine: the seccomp listener is turned off'
[ "$(cat "$OUT")" = out ] || fail "the command's stdout holds more than its own line"
FSJAIL_NO_NOTIFY=1 fsj --quiet -- true
! grep -q 'workspace-autorun' "$ERR" || fail "--quiet: the warning is still printed"
fsj -- true
! grep -q 'workspace-autorun .*is not in force' "$ERR" || fail "in force: run warns all the same"
end_test

begin_test "in force: status and explain say nothing of it"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_nomatch 'workspace-autorun .*is not in force'
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.claude/commands/x.md"
assert_out_nomatch 'is not in force on this machine'
assert_out_match "^  create +deny +protected +protected 'workspace-autorun' $WS/\\.claude/commands "
end_test

begin_test "protect: {autorun: false}: nothing said without masks either"
write_config <<<'protect: {autorun: false}'
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 0
assert_out_nomatch 'workspace-autorun'
clear_rules
end_test

end_user_pass
done_testing
