#!/bin/bash
# libgit2 (cargo new, and every program built on it) makes a new
# repository's config as an empty file first, by a creating open, then
# sets each key through config.lock. In a repository the run made, the
# supervisor makes that empty file itself and hands the caller a
# read-only descriptor: the libgit2 order works, while bytes written
# through the descriptor fail (EBADF) and never land, so a code-running
# key can still come only through the checked lockfile rename (refused).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
startup_files

MARK=$T/planted

# mkrepo DIR: the folders that make DIR a gitdir by git's own test
mkrepo='import os, sys
d = sys.argv[1]
for sub in ("objects", "refs", "refs/heads"):
    os.makedirs(os.path.join(d, sub), exist_ok=True)
with open(os.path.join(d, "HEAD"), "w") as f:
    f.write("ref: refs/heads/main\n")
'

begin_test "the libgit2 order (empty config by O_CREAT, then config.lock renamed) makes a repository"
# shellcheck disable=SC2016
fsj -- python3 -c "$mkrepo"'
fd = os.open(d + "/config", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_TRUNC, 0o644)
os.close(fd)
with open(d + "/config.lock", "w") as f:
    f.write("[core]\n\trepositoryformatversion = 0\n\tbare = false\n")
os.rename(d + "/config.lock", d + "/config")
' "$WS/lg/.git"
assert_rc 0
assert_content "$WS/lg/.git/config" "$(printf '[core]\n\trepositoryformatversion = 0\n\tbare = false')"
end_test

begin_test "bytes written through that descriptor fail and never land; host git runs nothing"
# shellcheck disable=SC2016
fsj -- python3 -c "$mkrepo"'
fd = os.open(d + "/config", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
try:
    os.write(fd, b"[core]\n\tfsmonitor = touch '"$MARK"'\n")
    print("written")
except OSError as e:
    print("refused", e.errno)
' "$WS/ev/.git"
grep -q '^refused' "$OUT" || fail "the write went through: $(cat "$OUT")"
[ ! -s "$WS/ev/.git/config" ] || fail "config holds: $(cat "$WS/ev/.git/config")"
git -C "$WS/ev" status >/dev/null 2>&1
assert_not_exists "$MARK"
end_test

begin_test "a config that exists is not made again: a creating open of it stays refused"
fsj -- python3 -c "$mkrepo"'
open(d + "/config", "a").close()
' "$WS/ex/.git"
fsj -- python3 -c 'import os, sys
fd = os.open(sys.argv[1] + "/config", os.O_WRONLY | os.O_CREAT)
os.write(fd, b"[core]\n\tfsmonitor = x\n")' "$WS/ex/.git"
[ "$RC" != 0 ] || fail "a write-open of the made repository's config was let through"
grep -q fsmonitor "$WS/ex/.git/config" && fail "fsmonitor landed"
end_test

done_testing
