#!/bin/bash
# A folder the run made, moved older files into and removed again
# (mkdir n && mv tree n/ && rm -rf n): `backups restore` makes n again on
# the way to moving tree back out of it, then found at n "another file or
# folder" than the run made and left it: the workspace kept an empty n it
# never had, and the restore said it left it (att27, goal 1: a folder's
# whole tree back, nothing else). The folder made again on the way now
# stands for the run's own (its "created" record: restore-folder.h), so
# the restore takes it once empty, as it takes every folder the run made;
# the dry run says so (it said nothing of n).
# A folder older than the run is made again as before and stays.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan_user_pass FSJ_RUN_FOLDER_USER_PASS 3
setup
require_landlock

# tree_at DIR: a small tree of random files at $WS/DIR, settled (its
# times older than the run).
tree_at()
{
	mkdir -p "$WS/$1/a/b"
	head -c 3000 /dev/urandom | base64 >"$WS/$1/a/b/f"
	head -c 3000 /dev/urandom | base64 >"$WS/$1/g"
	chmod 750 "$WS/$1/a"
	chmod 640 "$WS/$1/g"
}

# before: a copy of the workspace as it is now, for restored_as.
before()
{
	rm -rf "$T/before"
	cp -a "$WS" "$T/before"
}

begin_test "mkdir n && mv tree n/ && rm -rf n: tree back, no n left, nothing said left"
tree_at tree
before
fsj_sh -- 'mkdir n && mv tree n/ && rm -rf n'
assert_rc 0
assert_not_exists "$WS/tree"
restored_as "$T/before"
assert_not_exists "$WS/n"
grep -q "left" "$ERR" && fail "the restore says it left something: $(cat "$ERR")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match "nothing to restore"
end_test

begin_test "two folders deep, with a file the run made in them: the dry run says both go, the restore takes both"
before
fsj_sh -- 'mkdir -p n/m && mv tree n/m/ && echo new >n/new && rm -rf n'
assert_rc 0
run_cmd "$FSJAIL" backups restore --dry-run --workspace "$WS"
assert_rc 0
assert_out_match "^would remove folder $WS/n/m\$"
assert_out_match "^would remove folder $WS/n\$"
assert_not_exists "$WS/tree"
restored_as "$T/before"
assert_not_exists "$WS/n"
end_test

begin_test "a folder older than the run, removed with what it held: made again and kept"
tree_at old
before
fsj_sh -- 'mv tree old/ && rm -rf old'
assert_rc 0
restored_as "$T/before"
assert_dir "$WS/old"
end_test

end_user_pass
done_testing
