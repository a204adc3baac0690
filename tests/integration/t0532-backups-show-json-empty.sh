#!/bin/bash
# A harness shows the newest cycle with `fsjail backups show --json` and
# reads the fsjail-backups-show/1 document. With no cycle to show it
# printed nothing at all, status 0: the harness's JSON parser failed on
# the empty output. It now gets the documented empty form (session and
# cycle null, no records), as `backups list --json` does (t0525).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

# empty FILE: the document is the empty fsjail-backups-show/1
empty()
{
	[ "$(json "$1" 'd["schema"], d["session"], d["cycle"], d["records"]' 2>/dev/null)" = \
		"('fsjail-backups-show/1', None, None, [])" ]
}

begin_test "backups show --json with no cycle yet: the empty document, status 0"
run_cmd "$FSJAIL" backups show --json --workspace "$WS"
assert_rc 0
empty "$OUT" || fail "not the empty document: '$(head -c 200 "$OUT")'"
end_test

begin_test "backups show --json with cycles of another workspace only: the empty document"
mkdir -p "$HOME/other"
echo old >"$HOME/other/f"
(cd "$HOME/other" && "$FSJAIL" run --workspace "$HOME/other" -- sh -c 'echo new >f' \
	>/dev/null 2>&1) || fail "the run in the other workspace failed"
run_cmd "$FSJAIL" backups show --json --workspace "$WS"
assert_rc 0
empty "$OUT" || fail "not the empty document: '$(head -c 200 "$OUT")'"
end_test

begin_test "backups show without --json says so for people, nothing on stdout"
run_cmd "$FSJAIL" backups show --workspace "$WS"
assert_rc 0
[ ! -s "$OUT" ] || fail "stdout: $(head -c 200 "$OUT")"
assert_err_match 'no backup cycle of workspace'
end_test

done_testing
