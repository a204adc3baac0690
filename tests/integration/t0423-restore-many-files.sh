#!/bin/bash
# A restore of more files than the soft limit on open files (user18): a
# restore holds a descriptor of every file it makes again that another
# record may link back to, so `rm -rf` of a tree of 1,000+ files came back
# only in part, with "Too many open files" for the rest, under the usual
# soft limit of 1024. The restore now raises its soft limit to the hard
# one (fdlimit.c). Here the soft limit is 128 and the tree 300 files.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
[ "$(ulimit -Hn)" = unlimited ] || [ "$(ulimit -Hn)" -ge 1024 ] ||
	skip_rest_kernel "the hard limit on open files is $(ulimit -Hn), under 1024"

# many_files: 6 folders of 50 files under $WS/many
many_files()
{
	local d f
	for d in 1 2 3 4 5 6; do
		mkdir -p "$WS/many/d$d"
		for f in $(seq 50); do echo "$d/$f" >"$WS/many/d$d/f$f"; done
	done
}

begin_test "rm -rf of 300 files, restored under a soft limit of 128: every file back"
many_files
fsj_sh -- 'rm -rf many'
assert_rc 0
assert_not_exists "$WS/many"
(ulimit -Sn 128 && cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
n=$(find "$WS/many" -type f 2>/dev/null | wc -l)
[ "$n" = 300 ] || { fail "$n of 300 files back"; diag_last; }
assert_content "$WS/many/d6/f50" 6/50
! grep -q 'Too many open files' "$ERR" || { fail "EMFILE in the restore's errors"; diag_last; }
end_test

begin_test "a limit already at its hard value is left as it is"
many_files
fsj_sh -- 'rm -rf many'
assert_rc 0
h=$(ulimit -Hn)
(ulimit -n "$h" && cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
n=$(find "$WS/many" -type f 2>/dev/null | wc -l)
[ "$n" = 300 ] || { fail "$n of 300 files back"; diag_last; }
end_test
