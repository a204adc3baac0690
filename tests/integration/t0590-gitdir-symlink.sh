#!/bin/bash
# git writes many files of a gitdir through the lock-file code, which
# follows a symbolic link at the name to its target (lockfile.c
# resolve_symlink(): packed-refs, index, shallow, commit-graph), and it
# appends reflogs with a plain open(O_APPEND) (logs/HEAD, logs/refs/...).
# A command made .git/logs/HEAD a symbolic link to ~/.bashrc and
# .git/packed-refs one to ~/.bash_profile, and a branch named
# 'x;touch${IFS}FILE;': the user's next `git checkout` appended
# "checkout: moving from main to x;touch${IFS}FILE;" to ~/.bashrc, the next
# `git pack-refs` (git gc, auto-gc after a commit) wrote the branch line
# to ~/.bash_profile, and the next shell ran FILE's command outside any
# sandbox (att31). git itself never makes a symbolic link or a FIFO in a
# gitdir: making one there is refused, by symlink, by link of a symbolic
# link, by a rename of one, by a folder holding one moved in or exchanged
# in, and by a folder holding one becoming a repository. Root and the
# ordinary user (cloudsdk pass).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0590_USER 10
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v python3 >/dev/null || bail_out "python3 is needed"
git_env
startup_files
HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py")
cd "$WS" || bail_out "cannot enter $WS"
git init -q -b main . && git commit -q --allow-empty -m one || bail_out "git init"
PWNED=$T/pwned
BRANCH='x;touch${IFS}'$PWNED';'
git branch "$BRANCH" || bail_out "git branch with a shell word"

# not_link PATH: PATH is not a symbolic link (or FIFO) made by the run
not_link()
{
	if [ -L "$1" ] || [ -p "$1" ]; then
		fail "$1 is a $(stat -c %F "$1") ($(readlink "$1"))"
	fi
}

begin_test "a symbolic link, FIFO or socket is not made in .git (logs/HEAD, packed-refs)"
fsj_sh -- 'rm -f .git/logs/HEAD; ln -s "$1/.bashrc" .git/logs/HEAD
	ln -sf "$1/.bash_profile" .git/packed-refs; mkfifo .git/index.fifo
	python3 -c "import socket; socket.socket(socket.AF_UNIX).bind(\".git/index.sock\")"
	exit 0' "$HOME"
not_link .git/logs/HEAD
not_link .git/packed-refs
not_link .git/index.fifo
[ -S .git/index.sock ] && fail "a socket was bound in .git"
assert_err_match "repository-metadata"
end_test

begin_test "nor moved in by rename, nor hard-linked in"
fsj_sh -- 'ln -s "$1/.bashrc" l1 && mv -f l1 .git/packed-refs
	ln -s "$1/.bashrc" l2 && ln -P l2 .git/ORIG_HEAD.x
	mkdir -p .git/logs/refs/heads; ln -s "$1/.bashrc" l3 &&
	python3 -c "import os; os.rename(\"l3\", \".git/logs/refs/heads/main\")"
	exit 0' "$HOME"
not_link .git/packed-refs
not_link .git/ORIG_HEAD.x
not_link .git/logs/refs/heads/main
end_test

begin_test "nor inside a folder moved in"
fsj_sh -- 'mkdir -p d/refs; ln -s "$1/.bashrc" d/HEAD; ln -s "$1/.bashrc" d/refs/x
	rm -rf .git/logs && mv d .git/logs
	exit 0' "$HOME"
not_link .git/logs/HEAD
not_link .git/logs/refs/x
end_test

begin_test "nor inside a folder exchanged in (RENAME_EXCHANGE)"
mkdir -p .git/logs
fsj_sh -- 'mkdir -p e; ln -s "$1/.bashrc" e/HEAD
	python3 - <<"EOF"
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
AT = -100
r = libc.renameat2(AT, b"e", AT, b".git/logs", 2)
print("exchange", r, os.strerror(ctypes.get_errno()))
EOF
	exit 0' "$HOME"
not_link .git/logs/HEAD
end_test

begin_test "nor in a folder that becomes a repository (git init --bare, git init)"
fsj_sh -- 'mkdir -p p/logs n; ln -s "$1/.bashrc" p/logs/HEAD; ln -s "$1/.bashrc" p/packed-refs
	git init -q --bare p; mkdir -p n/.git; ln -s "$1/.bashrc" n/.git/packed-refs
	git init -q n; exit 0' "$HOME"
if [ -f p/HEAD ] && { [ -L p/logs/HEAD ] || [ -L p/packed-refs ]; }; then
	fail "p is a repository holding $(find p -type l)"
fi
not_link n/.git/packed-refs
end_test

begin_test "nor through the broker, in a bare repository not named .git"
git init -q --bare origin || bail_out "git init --bare"
echo text >"$WS/readable"
fsj -- python3 -c "$HOSTOP" \
	"{\"operation\":\"link\",\"symbolic\":true,\"from\":\"$WS/readable\",\"to\":\"$WS/origin/packed-refs\"}" \
	"{\"operation\":\"link\",\"symbolic\":true,\"from\":\"$WS/readable\",\"to\":\"$WS/.git/packed-refs\"}"
not_link origin/packed-refs
not_link .git/packed-refs
assert_out_match '"ok":false'
rm -rf origin
end_test

begin_test "nor in a bare repository outside the workspace, its HEAD removed first"
P=$(mktemp -d /var/tmp/fsjail-t0590.XXXXXX) || bail_out "mktemp under /var/tmp"
git init -q --bare "$P/origin" || bail_out "git init --bare"
fsj_sh -- 'rm -f "$1/HEAD"; ln -s "$2/.bashrc" "$1/packed-refs"; mkfifo "$1/f"
	echo "ref: refs/heads/main" >"$1/HEAD"; exit 0' "$P/origin" "$HOME"
not_link "$P/origin/packed-refs"
not_link "$P/origin/f"
rm -rf "$P"
end_test

begin_test "the host's git then runs nothing planted (checkout, pack-refs, shells)"
rm -rf d e l1 l2 l3 p n
find .git \( -type l -o -type p \) -delete
: >"$HOME/.bashrc"
: >"$HOME/.bash_profile"
mkdir -p .git/logs
fsj_sh -- 'rm -f .git/logs/HEAD; ln -s "$1/.bashrc" .git/logs/HEAD
	ln -sf "$1/.bash_profile" .git/packed-refs; exit 0' "$HOME"
git checkout -q "$BRANCH" 2>/dev/null && git checkout -q main 2>/dev/null
git pack-refs --all 2>/dev/null
for f in .bashrc .bash_profile .profile; do
	HOME=$HOME bash -c '. "$1"' bash "$HOME/$f" >/dev/null 2>&1
done
assert_not_exists "$PWNED"
[ -s "$HOME/.bashrc" ] && fail "~/.bashrc was written: $(head -c 300 "$HOME/.bashrc")"
[ -s "$HOME/.bash_profile" ] && fail "~/.bash_profile was written"
git branch -q -D "$BRANCH" 2>/dev/null
# what a failed case left, so that the next cases stand on their own
find .git \( -type l -o -type p \) -delete
end_test

begin_test "git in the run still works: branch, commit, checkout, pack-refs, gc"
fsj_sh -- 'git checkout -q -b b2 && echo a >a && git add a && git commit -q -m two &&
	git checkout -q main && git pack-refs --all && git gc -q && git branch -q -D b2 &&
	git init -q inner && git -C inner commit -q --allow-empty -m in && git -C inner gc -q &&
	git init -q --bare bare.git && git push -q bare.git main'
assert_rc 0
[ "$(git -C bare.git log --format=%s -1 main 2>/dev/null)" = one ] || fail "the push did not land"
# git init's test link (tXXXXXX at the new gitdir's top) is let be: refused,
# git wrote core.symlinks = false into every repository the run made
! grep -qs 'symlinks = false' inner/.git/config bare.git/config ||
	fail "git init in the run found no symbolic links: core.symlinks = false"
! grep -q 'refusal' "$ERR" || { fail "the run refused something"; diag_file stderr "$ERR"; }
end_test

begin_test "a symbolic link outside a gitdir is still made (a work tree called NAME.git too)"
fsj_sh -- 'ln -s a link && mkdir -p sub && ln -s ../a sub/l && mv link sub/ &&
	git init -q w.git && ln -s x w.git/l'
assert_rc 0
[ -L sub/l ] && [ -L sub/link ] && [ -L w.git/l ] || fail "symbolic links outside .git refused"
end_test

end_user_pass
done_testing
