#!/bin/bash
# A rename over an existing file needs write on it (DESIGN.md section 2:
# "Rename needs delete on the source and create on the target (and write
# on the target if it exists)"), as check and the broker decide. When the
# `deny: [write]` was carried by expansion (a second deny in the same
# folder: no one mount mask carries both), the listener asked only delete
# and create of the target, so `mv new conf.txt` replaced the write-denied
# file while `fsjail check` of the same line said "refused write" (att35).
# Where the deny is a mount mask the rename got EBUSY: the two mechanisms
# disagreed; now both refuse, and the refusal names the rule.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0603_USER 3
setup
require_landlock
mkdir -p "$WS/sub"
echo ORIG >"$WS/conf.txt"
echo ORIG2 >"$WS/sub/c.txt"
write_rules <<EOF2
rules:
  - id: ro-conf
    path: conf.txt
    deny: [write]
  - id: ro-sub
    path: sub
    deny: [write]
EOF2

begin_test "check says the rename over the write-denied file is refused"
run_cmd "$FSJAIL" check --workspace "$WS" -- 'mv new conf.txt'
assert_rc 4
assert_out_match "^refused +write +$WS/conf\.txt"
end_test

begin_test "the run refuses it too, by any rename call; the file keeps its content"
fsj -- bash -c 'echo HACK >new; mv new conf.txt; echo HACK >new2; mv new2 sub/c.txt
	python3 -c "import os; open(\"n3\", \"w\").write(\"HACK\"); os.rename(\"n3\", \"conf.txt\")"
	echo end'
assert_out_match '^end$'
assert_content "$WS/conf.txt" ORIG
assert_content "$WS/sub/c.txt" ORIG2
assert_err_match "write $WS/conf\.txt: explicit rule 'ro-conf' at [^ ]*rules\.yaml:2"
end_test

begin_test "a rename over a file without a write deny still works (atomic save)"
echo old >"$WS/free.txt"
fsj -- bash -c 'echo new >tmp.$$ && mv tmp.$$ free.txt'
assert_rc 0
assert_content "$WS/free.txt" new
end_test

end_user_pass
done_testing
