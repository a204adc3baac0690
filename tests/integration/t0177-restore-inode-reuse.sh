#!/bin/bash
# Restore leaves nothing the run made behind when a new file takes the
# inode number of one the run made and removed before (src/backup.c
# backup_note_created()): git's temporary objects and lock files free
# numbers that sed's temporary file or the next lock file then gets; such
# a file had no "created" record, so after `sed -i` or a second git
# command the restore left sedXXXXXX, ORIG_HEAD.lock and the branch's
# .lock behind, and git refused to run until they were removed by hand.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

begin_test "a new file on a freed number of the run's own, renamed over a file: restore leaves no name behind"
echo original >"$WS/x"
fsj -- python3 -c '
import os, sys
os.chdir(sys.argv[1])
for i in range(200):
    a = "tmp%d" % i
    fd = os.open(a, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    ino = os.fstat(fd).st_ino
    os.close(fd)
    os.unlink(a)
    b = "new%d" % i
    fd = os.open(b, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    same = os.fstat(fd).st_ino == ino
    os.write(fd, b"changed\n")
    os.close(fd)
    if same:
        os.rename(b, "x")
        print("reused")
        break
    os.unlink(b)
' "$WS"
if ! grep -q reused "$OUT"; then
	skip "this filesystem gave no freed inode number back within 200 tries"
else
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	[ "$(cat "$WS/x")" = original ] || fail "x is '$(cat "$WS/x")'"
	left=$(cd "$WS" && ls -A | grep -v '^x$' || true)
	[ -z "$left" ] || fail "restore left behind: $left"
	end_test
fi

begin_test "a git session (commit, branch, rebase, sed -i) then restore: no lock or temporary file, git runs"
if ! command -v git >/dev/null; then
	skip "no git"
else
	R=$WS/repo
	mkdir -p "$R"
	(cd "$R" && git init -q -b main && git config user.email t@t && git config user.name t &&
		printf 'hello world\n' >a.txt && echo keep >b.txt && git add . && git commit -qm init)
	fsj -- bash -c 'cd "$1" && echo more >>a.txt && git add a.txt && git commit -qm c2 &&
		git branch feat && git checkout -q feat && echo f >f.txt && git add f.txt &&
		git commit -qm feat && git checkout -q main && echo m >m.txt && git add m.txt &&
		git commit -qm m && git checkout -q feat && git rebase -q main &&
		sed -i s/hello/HELLO/ a.txt' bash "$R"
	assert_rc 0
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	assert_rc 0
	left=$(cd "$R" && { git status --porcelain --ignored; find .git -name '*.lock'; })
	[ -z "$left" ] || fail "restore left behind: $left"
	[ "$(git -C "$R" branch --show-current)" = main ] || fail "branch is $(git -C "$R" branch --show-current)"
	git -C "$R" branch feat2 >/dev/null 2>&1 || fail "git cannot make a branch after the restore"
	[ "$(cat "$R/a.txt")" = "hello world" ] || fail "a.txt is '$(cat "$R/a.txt")'"
	end_test
fi

done_testing
