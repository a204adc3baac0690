#!/bin/bash
# A host operation the broker refuses is a refusal of the run, said as the
# kernel's and the listener's are (issue 12 item 4): the summary on
# stderr after the command names its path, the deciding rule and the
# program that asked; --report FILE has its fsjail-refusal/1 line (syscall
# broker:OPERATION, errno EACCES); the audit log keeps one line for it
# (the broker's own), not two. Before, the broker's refusals went to the
# audit log only: the run printed no summary and the report was empty.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0534_USER 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed"

HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON
OUTSIDE=$(dirname "$WS")/outside-t0534
(cd "$WS" && git init -q . && git config user.email t@t && git config user.name t)
REP=$T/report.ndjson

begin_test "a refused broker mkdir in .git/hooks: the summary names it with its rule"
rm -f "$REP"
fsj --report "$REP" -- python3 -c "$HOSTOP" \
	"{\"operation\":\"mkdir\",\"path\":\"$WS/.git/hooks/evil\"}" \
	"{\"operation\":\"touch\",\"path\":\"$OUTSIDE\"}"
assert_out_match '"ok":false'
assert_not_exists "$WS/.git/hooks/evil"
assert_not_exists "$OUTSIDE"
assert_err_match "2 refusals"
assert_err_match "create $WS/.git/hooks/evil: protected rule 'repository-metadata'"
assert_err_match "create $OUTSIDE: default"
assert_err_match "comm python3"
end_test

begin_test "the report has a fsjail-refusal/1 line for each"
python3 - "$REP" "$WS/.git/hooks/evil" "$OUTSIDE" <<'PY' >"$T/check.out" 2>&1 || fail "$(cat "$T/check.out")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
by = {o["path"]: o for o in lines}
assert len(lines) == 2, lines
h = by[sys.argv[2]]
assert h["schema"] == "fsjail-refusal/1" and h["syscall"] == "broker:mkdir", h
assert h["capability"] == "create" and h["level"] == "protected", h
assert h["rule_id"] == "repository-metadata" and h["errno"] == "EACCES", h
assert h["phase"] == "run" and h["command"] == "python3" and h["pid"], h
o = by[sys.argv[3]]
assert o["syscall"] == "broker:touch" and o["level"] == "default", o
PY
end_test

begin_test "the audit log has one line for the refused mkdir, not two"
run_cmd "$FSJAIL" log
n=$(grep -c "hooks/evil" "$OUT")
[ "$n" = 1 ] || fail "the audit log names .git/hooks/evil $n times"
end_test

end_user_pass
done_testing
