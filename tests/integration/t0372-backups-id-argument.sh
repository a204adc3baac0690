#!/bin/bash
# `fsjail backups list` prints a session and a cycle first on each line;
# a new user passed one as an argument (user13): `backups show SESSION`
# said "unexpected argument 'SESSION' (paths go with restore)" and
# `backups restore SESSION` "no backup cycle touches WS/SESSION", neither
# naming --session or --cycle. Both now say which option takes it; a
# real path is still a path. Fails before.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

echo one >f
fsj -- rm f
assert_rc 0
line=$("$FSJAIL" backups list --workspace "$WS" | tail -1)
S=$(printf '%s\n' "$line" | awk '{print $1}')
C=$(printf '%s\n' "$line" | awk '{print $2}')
[ -n "$S" ] && [ -n "$C" ] || bail_out "no cycle listed: $line"

begin_test "backups show SESSION / CYCLE names --session / --cycle"
run_cmd "$FSJAIL" backups show --workspace "$WS" "$S"
assert_rc 125
assert_err_match "give the session as --session $S"
run_cmd "$FSJAIL" backups show --workspace "$WS" "$C"
assert_rc 125
assert_err_match "give the cycle as --cycle $C"
end_test

begin_test "backups restore SESSION hints --session, and nothing is restored"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$S"
assert_rc 125
assert_err_match "hint: '$S' is a session of 'backups list', not a path: fsjail backups restore --session $S"
assert_not_exists f
run_cmd "$FSJAIL" backups restore --workspace "$WS" --session "$S"
assert_rc 0
assert_content f one
end_test

begin_test "a path that exists is still a path: no hint"
mkdir -p "$S"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$S"
assert_rc 125
grep -q "^hint:" "$ERR" && fail "hint for an existing path: $(cat "$ERR")"
run_cmd "$FSJAIL" backups show --workspace "$WS" nonsense
assert_err_match "unexpected argument 'nonsense' \(paths go with restore\)"
end_test

done_testing
