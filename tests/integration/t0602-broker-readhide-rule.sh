#!/bin/bash
# A broker host operation that would make a name whose read is denied
# (kept absent, issue 12 item 3) is refused, and the refusal summary must
# name the deny's rule with its file:line, as the listener's refusal of
# the same create does (t0540). It said "(not a rule)" (att35): the
# summary decided create, which the rules allow, and found no rule.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
. "$TEST_SRCDIR/integration/libbroker.sh"
broker_py
echo a >"$WS/a"
write_rules <<EOF2
rules:
  - id: no-env
    path: .env
    deny: [read]
EOF2
cat >"$WS/ops.py" <<'PY'
import os, fsjbroker
ws = os.getcwd()
b = fsjbroker.connect()
f = b.makefile("rb")
for op, more in (("copy", {"from": ws + "/a", "to": ws + "/.env"}),
                 ("touch", {"path": ws + "/.env"}),
                 ("rename", {"from": ws + "/a", "to": ws + "/.env"})):
    r = fsjbroker.request(op, more.pop("path", None), **more).replace(b'"path": null, ', b'')
    b.sendall(r)
    print(op, f.readline().decode().strip())
print("end")
PY

begin_test "the broker refuses to make the read-denied name"
fsj -- python3 ops.py
assert_out_match '^end$'
assert_out_nomatch '"ok":true'
assert_not_exists "$WS/.env"
end_test

begin_test "the summary names the read deny's rule with file:line"
assert_err_match "create $WS/\.env: explicit rule 'no-env' at $RULES:2"
! grep -q "not a rule" "$ERR" || { fail "a refusal without its rule"; diag_file "stderr" "$ERR"; }
end_test

done_testing
