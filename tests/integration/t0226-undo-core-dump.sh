#!/bin/bash
# A process that dies of a core-dumping signal has the kernel write its
# core file ("core" in its folder, per /proc/sys/kernel/core_pattern)
# without any call the listener traps: the kernel truncates a file of
# that name in place. A command renamed a pre-existing workspace file to
# `core`, raised its soft RLIMIT_CORE, crashed and renamed the file back:
# the content was the core dump, with no backup, and `backups restore`
# brought back the dump (issue 14 item 1; found by att3). fsjail now
# starts the command with a hard RLIMIT_CORE of 0, which it cannot raise
# (no CAP_SYS_RESOURCE). As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_CORE_USER_PASS 2
setup
require_landlock

begin_test "the command cannot raise its core size limit"
fsj_sh -- 'ulimit -c unlimited 2>/dev/null; ulimit -Hc'
assert_out_eq 0
end_test

begin_test "a file renamed to core survives a crash, or restore brings it back"
case $(cat /proc/sys/kernel/core_pattern 2>/dev/null) in
core | core.*) ;;
*) diag "core_pattern is '$(cat /proc/sys/kernel/core_pattern)': the file case is shown only where it names a file in the folder" ;;
esac
head -c 3000 /dev/urandom | base64 >"$WS/victim"
cp "$WS/victim" "$T/victim.orig"
fsj_sh -- 'ulimit -c unlimited 2>/dev/null; mv victim core; bash -c "kill -SEGV \$\$"; mv core victim'
if ! cmp -s "$WS/victim" "$T/victim.orig"; then
	(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS" "$WS/victim") >"$OUT" 2>"$ERR"
	cmp -s "$WS/victim" "$T/victim.orig" ||
		fail "victim holds $(head -c 4 "$WS/victim" | od -An -c) and restore did not bring it back"
fi
end_test

end_user_pass
done_testing
