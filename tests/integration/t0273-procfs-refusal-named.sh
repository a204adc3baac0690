#!/bin/bash
# A refusal the listener makes without looking the path up names the path
# (issue 12 item 4, user6): every JVM (java, javac, jar, mvn) opens
# /proc/self/coredump_filter read-write, and gdb /proc/self/mem; the
# listener refuses /proc/self paths other than fd/N and cwd, and the
# summary said "write (unknown path): magic link (not a rule)" twice per
# JVM, the --report line "path":null, which fsjail-json(7) does not allow.
# Now the path is the one the command wrote, and the rule that refuses it
# anyway (procfs is protected) decides the line: no grant is offered.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

opener='import os, sys
try:
    os.close(os.open("/proc/self/coredump_filter", os.O_RDWR))
except OSError as e:
    sys.exit(3)
'

begin_test "the summary names /proc/self/coredump_filter and the protected rule"
fsj --report "$T/report" -- python3 -c "$opener"
assert_rc 3 "the open is refused, as the protected /proc says"
assert_err_match "write /proc/self/coredump_filter: protected"
if grep -q 'unknown path' "$ERR"; then
	fail "the summary does not name the path"
	diag_last
fi
if grep -q 'to allow' "$ERR"; then
	fail "the summary offers a grant that cannot help"
	diag_last
fi
end_test

begin_test "the report line names the path and level"
grep -q '"path":"/proc/self/coredump_filter".*"level":"protected"' "$T/report" || {
	fail "no such line in the report"
	sed 's/^/#   /' "$T/report"
}
end_test

begin_test "no report line has a null path"
if grep -q '"path":null' "$T/report"; then
	fail "a line with a null path"
	sed 's/^/#   /' "$T/report"
fi
end_test

done_testing
