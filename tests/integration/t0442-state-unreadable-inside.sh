#!/bin/bash
# fsjail's own subcommands run inside `fsjail run` (an agent asking for
# its backups) answered from a state folder the sandbox keeps from them:
# `fsjail backups list` said "no backup cycles yet" with status 0 (msg32
# item 4), `allow list` "no rules". Now every subcommand that reads the
# state (backups list/show/restore, log, allow, status) says "fsjail's
# state is not readable inside a sandbox" and exits non-zero
# (cmd_load_state()); outside, the same commands answer as before.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0442_USER 3
setup
require_landlock
BIN=$(cd "$(dirname "$FSJAIL")" && pwd)
GRANTS=(--grant "read,execute:$BIN" --grant "read:$FSJAIL_DATADIR")
MSG="fsjail's state is not readable inside a sandbox \('[^']*': Permission denied\)"

begin_test "a run that changed a file: its backup cycle is listed outside"
echo one >"$WS/f"
fsj -- sh -c 'echo two >f'
assert_rc 0
run_cmd "$FSJAIL" backups list --workspace "$WS"
assert_rc 0
grep -q 'no backup cycles yet' "$ERR" && fail "no cycle outside: $(cat "$ERR")"
end_test

begin_test "inside a run: backups list, show and restore refuse, naming the state"
for sub in "backups list" "backups show" "backups restore --dry-run f"; do
	# shellcheck disable=SC2086
	fsj "${GRANTS[@]}" -- "$FSJAIL" $sub
	[ "$RC" != 0 ] || fail "'$sub' inside a run exited 0: $(cat "$OUT" "$ERR")"
	assert_err_match "^fsjail: backups: $MSG; run it outside 'fsjail run'\$"
	grep -q 'no backup cycles yet' "$ERR" && fail "'$sub' said no cycles: $(cat "$ERR")"
done
[ "$(cat "$WS/f")" = two ] || fail "the restore inside changed f"
end_test

begin_test "inside a run: log, allow list and status refuse too"
for sub in log "allow list" status; do
	# shellcheck disable=SC2086
	fsj "${GRANTS[@]}" -- "$FSJAIL" $sub
	[ "$RC" != 0 ] || fail "'$sub' inside a run exited 0: $(cat "$OUT" "$ERR")"
	grep -Eq "${sub%% *}: $MSG" "$OUT" "$ERR" || fail "'$sub' did not say why: $(cat "$OUT" "$ERR")"
done
grep -q 'no rules in' "$OUT" && fail "allow list said no rules"
end_test

end_user_pass
done_testing
