#!/bin/bash
# A reader of fsjail's output that goes away must not end fsjail. A
# harness read --status-fd through a pipe and stopped reading (it crashed,
# or `| head`): fsjail's next record killed it with SIGPIPE (exit 141)
# while the command ran on without its supervisor, so its writes were not
# backed up and `backups restore` could not undo them; the same for a
# refusal summary on a stderr pipe that was closed. fsjail now ignores
# SIGPIPE (a failed write is EPIPE) and the command still gets SIGPIPE as
# fsjail got it: by default, or ignored when fsjail inherited it ignored.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0339_USER 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"
echo original >"$WS/kept.txt"

begin_test "the --status-fd reader gone: fsjail ends with the command's status, its write is undone"
# the reader takes one byte and leaves; then the command refuses itself
# something (a record for fsjail to write) and rewrites a file of the
# workspace, which must be backed up first
bash -c '"$1" run --workspace "$2" --status-fd 3 -- bash -c "sleep 0.5
	for i in 1 2 3 4 5 6 7 8; do touch /etc/fsjail-t0339-\$i 2>/dev/null; done
	echo changed >kept.txt; exit 7" 3>&1 1>"$3" 2>"$4" | head -c 1 >/dev/null
	echo "${PIPESTATUS[0]}" >"$5"' bash "$FSJAIL" "$WS" "$OUT" "$ERR" "$T/rc"
rc=$(cat "$T/rc")
[ "$rc" = 7 ] || fail "fsjail exited $rc, not the command's 7: $(head -5 "$ERR")"
assert_content "$WS/kept.txt" changed
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_content "$WS/kept.txt" original
end_test

begin_test "the stderr reader gone: fsjail ends with the command's status"
bash -c '"$1" run --workspace "$2" -- bash -c "sleep 0.3
	for i in 1 2 3 4 5 6 7 8; do touch /etc/fsjail-t0339-\$i; done; exit 5" 2>&1 >/dev/null |
	head -c 1 >/dev/null; echo "${PIPESTATUS[0]}" >"$3"' bash "$FSJAIL" "$WS" "$T/rc"
rc=$(cat "$T/rc")
[ "$rc" = 5 ] || fail "fsjail exited $rc, not the command's 5"
end_test

begin_test "the command gets SIGPIPE as fsjail got it: default, or ignored when inherited so"
fsj_sh -- 'yes | head -c 2 >/dev/null; echo "yes ${PIPESTATUS[0]}"'
assert_rc 0 && assert_out_match "^yes 141$"
trap '' PIPE
fsj_sh -- 'trap -p PIPE; yes | head -c 2 >/dev/null; echo "yes ${PIPESTATUS[0]}"'
trap - PIPE
assert_rc 0 && assert_out_match "^trap -- '' SIGPIPE$" && assert_out_match "^yes 1$"
end_test

end_user_pass
done_testing
