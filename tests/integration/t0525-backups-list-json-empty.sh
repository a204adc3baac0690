#!/bin/bash
# A harness lists the cycles it could undo with `fsjail backups list
# --json` and reads the fsjail-backups/1 document. Before the first run
# that saved anything (no cycle yet) it printed nothing at all, status 0,
# where a later empty answer is {"schema": "fsjail-backups/1", "cycles":
# []}: the harness's JSON parser failed on the empty output. It now gets
# the same empty document; the line for people stays on stderr without
# --json.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "backups list --json with no cycle yet: an empty fsjail-backups/1 document"
run_cmd "$FSJAIL" backups list --json --workspace "$WS"
assert_rc 0
[ "$(json "$OUT" 'd["schema"], d["cycles"]' 2>/dev/null)" = "('fsjail-backups/1', [])" ] ||
	fail "not an empty fsjail-backups/1 document: '$(head -c 200 "$OUT")'"
end_test

begin_test "backups list without --json says so for people, nothing on stdout"
run_cmd "$FSJAIL" backups list --workspace "$WS"
assert_rc 0
[ ! -s "$OUT" ] || fail "stdout: $(head -c 200 "$OUT")"
assert_err_match 'no backup cycles yet'
end_test

begin_test "after a run that saved a file, list --json names its cycle"
echo old >"$WS/f"
fsj_sh -- 'echo new >f'
assert_rc 0
run_cmd "$FSJAIL" backups list --json --workspace "$WS"
assert_rc 0
[ "$(json "$OUT" 'len(d["cycles"]), d["cycles"][0]["kind"]' 2>/dev/null)" = "(1, 'run')" ] ||
	fail "list: '$(head -c 300 "$OUT")'"
end_test

done_testing
