#!/bin/bash
# A harness shows the person why `fsjail check --json` says prompt. For
# `rm -f "$f"` it said prompt (exit 3) with "missing": [] and one effect of
# folder "/": nothing said why. fsjail-check/1 now has fsjail-ask/1's
# "unresolved" (the effects whose path is computed when the line runs)
# and "reason" (why a person must answer when no pair is missing).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
cd "$WS" || bail_out "cannot enter $WS"

# why FILE: unresolved as (capability, text, folder, why) and reason
why()
{
	python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print([(u["capability"], u["text"], u["folder"], u["why"]) for u in d["unresolved"]],
      d["reason"])' "$1" 2>&1
}

begin_test "rm -f \"\$f\": prompt, no missing pair; unresolved and reason say why"
run_cmd "$FSJAIL" check --workspace "$WS" --json 'rm -f "$f"'
assert_rc 3
got=$(why "$OUT")
[ "$got" = "[('delete', '\"\$f\"', '/', 'the path is computed when it runs')] no missing pair, but an effect could not be decided" ] ||
	fail "check --json: $got"
end_test

begin_test "rm -f ~/x/\"\$f\": the missing folder, the unresolved effect, reason null"
run_cmd "$FSJAIL" check --workspace "$WS" --json 'rm -f ~/x/"$f"'
assert_rc 3
got=$(why "$OUT")
[ "$got" = "[('delete', '~/x/\"\$f\"', '$HOME/x', 'the path is computed when it runs')] None" ] ||
	fail "check --json: $got"
end_test

begin_test "an allowed line: unresolved empty, reason null"
echo hi >"$WS/notes.txt"
run_cmd "$FSJAIL" check --workspace "$WS" --json 'cat notes.txt'
assert_rc 0
[ "$(why "$OUT")" = "[] None" ] || fail "check --json: $(why "$OUT")"
end_test

done_testing
