#!/bin/bash
# `backups restore` of a removed tree wider than the open-file limit.
# Restore holds a descriptor on every folder it makes again (the identity
# it checks later records against) and lifts its soft RLIMIT_NOFILE to
# the hard one; with the hard limit at 1,024 (a system without systemd's
# 524,288) an `rm -rf` of 1,400 folders ran out of descriptors, and each
# open that failed with EMFILE was reported as "not a regular file now (a
# symlink, folder or device)" or "the saved file is missing from the
# cycle": a user told the backup was gone, or that something had replaced
# the file. The failure is now named by its errno, the restore exits
# non-zero, and a second restore (fewer folders to make) finishes.
. "$(dirname "$0")/libtest.sh"

plan 1
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "rm -rf of 1,400 folders, restored under a hard limit of 1,024: the failures say why"
python3 -c '
import os
for i in range(700):
    os.makedirs("top/d%d/e" % i)
    open("top/d%d/e/f" % i, "w").write(str(i))'
cp -a "$WS/top" "$T/top.orig"
fsj -- rm -rf top
assert_rc 0
(ulimit -n 1024 && cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
RC=$?
if ! diff -r "$T/top.orig" "$WS/top" >/dev/null 2>&1; then
	[ "$RC" -ne 0 ] || fail "restore left files and exited 0"
	! grep -q 'not a regular file now\|missing from the cycle' "$ERR" ||
		fail "EMFILE named as something else: $(head -2 "$ERR")"
	grep -qi 'too many open files' "$ERR" || fail "the reason is not given: $(head -3 "$ERR")"
	ws_restore
	diff -r "$T/top.orig" "$WS/top" >"$T/diff" 2>&1 ||
		fail "a second restore did not finish: $(head -3 "$T/diff")"
fi
end_test

done_testing
