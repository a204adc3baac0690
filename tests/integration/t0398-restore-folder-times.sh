#!/bin/bash
# Folder times come back with `fsjail backups restore` (user16): after
# `touch -d 2020-01-01 sub sub/x .` and a run of `rm -rf sub`, the restore
# gave sub the restore's time and . the run's (only sub/x got 2020 back),
# and still said "restored mode, owner and times of sub". Every folder
# older than the run whose entries the run changes (made, removed,
# renamed in or out) has its times recorded before the first such change,
# and the restore sets them back after its entries (deepest first).
# A folder's atime is not checked: fsjail's own start reads the workspace
# folders (relatime moves their atime before the run changes anything);
# a file's atime and mtime are.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0398_USER_PASS 4
setup
require_landlock

OLD=2020-01-01T00:00:00
# times_ok PATH...: each PATH has the mtime (a file: and atime) of
# 2020-01-01 (UTC).
times_ok()
{
	local p want got
	want=$(TZ=UTC date -d "$OLD" +%s)
	for p in "$@"; do
		if [ -d "$p" ]; then got=$(stat -c '%Y %Y' "$p"); else got=$(stat -c '%X %Y' "$p"); fi
		[ "$got" = "$want $want" ] ||
			fail "$p: times $got, not $want $want (2020-01-01)"
	done
}
old() { TZ=UTC touch -d "$OLD" "$@"; }

begin_test "rm -rf sub: sub, sub/x and the workspace get their times back"
mkdir "$WS/case1" && cd "$WS/case1" || bail_out "no case folder"
mkdir sub && echo x >sub/x && old sub/x sub .
fsj_sh -- 'rm -rf sub'
assert_rc 0
[ ! -e sub ] || bail_out "the run did not remove sub"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
times_ok "$WS/case1/sub/x" "$WS/case1/sub" "$WS/case1"
assert_content "$WS/case1/sub/x" x
end_test

begin_test "nested folders removed: every one gets its times back"
mkdir "$WS/case2" && cd "$WS/case2" || bail_out "no case folder"
mkdir -p a/b/c && echo f >a/b/c/f && echo g >a/g && old a/b/c/f a/g a/b/c a/b a .
fsj_sh -- 'rm -rf a'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
times_ok a/b/c/f a/g a/b/c a/b a .
assert_content "$WS/case2/a/b/c/f" f
end_test

begin_test "a rename out of one folder and into another, a file made"
mkdir "$WS/case3" && cd "$WS/case3" || bail_out "no case folder"
mkdir d1 d2 d3 && echo m >d1/m && old d1/m d1 d2 d3 .
fsj_sh -- 'mv d1/m d2/m && echo new >d3/new'
assert_rc 0
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
times_ok d1/m d1 d2 d3 .
assert_content "$WS/case3/d1/m" m
[ ! -e d2/m ] && [ ! -e d3/new ] || fail "the rename or the new file was not undone"
end_test

begin_test "folders the run made are left as they are (no record of them)"
mkdir "$WS/case4" && cd "$WS/case4" || bail_out "no case folder"
old .
fsj_sh -- 'mkdir n && echo y >n/y && rm n/y'
assert_rc 0
grep -h '"entries"' "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson 2>/dev/null |
	grep -q "\"$WS/case4/n\"" && fail "a folder the run made has a times record"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ ! -e n ] || fail "the run's folder n is still there"
times_ok .
end_test

end_user_pass
done_testing
