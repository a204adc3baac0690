#!/bin/bash
# A command cannot quietly point git in a workspace folder at a hostile
# repository (att9). A checkout may hold a folder shaped as a gitdir (a
# test fixture: HEAD, objects/, refs/ and a config whose core.fsmonitor
# runs a command). The run put src/.git there, a symbolic link to it or
# a "gitdir: ../fixtures/evil.git" file, and the user's next `git status`
# in src/ ran the fixture's command on the host, with no word from
# fsjail. A .git symbolic link is refused (git never makes one); a .git
# file the run made that points anywhere but where git puts a
# submodule's or linked worktree's gitdir (modules/, worktrees/) is
# named in a warning after the run. Test 4: the core.worktree of a
# repository the run made was "inert" as any relative path, so ../../..
# from ws/r/.git made the home folder its work tree, and the user's next
# `git stash` there wrote the repository's .bashrc into ~; core.worktree
# must now lead to the folder holding the .git of its gitdir's path (as
# git submodule add writes it), never above. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0313_USER 5
setup
require_landlock
git_env
cd "$WS" || bail_out "cannot enter $WS"
mkdir -p fixtures/evil.git/objects fixtures/evil.git/refs/heads src src2
echo 'ref: refs/heads/main' >fixtures/evil.git/HEAD
printf '[core]\n\tbare = false\n\tfsmonitor = "echo PWNED >%s/pwned; false"\n' "$T" \
	>fixtures/evil.git/config
echo hi >src/main.c

begin_test "a .git symbolic link to a fixture gitdir is refused"
fsj_sh -- 'ln -s ../fixtures/evil.git src/.git; ln -s ../fixtures/evil.git x; mv x src2/.git'
[ -L src/.git ] && fail "src/.git was made: $(readlink src/.git)"
[ -L src2/.git ] && fail "src2/.git was moved in: $(readlink src2/.git)"
assert_err_match "create $WS/src/\.git: .*a \.git symbolic link"
(cd src && git status >/dev/null 2>&1)
[ -e "$T/pwned" ] && fail "git in src/ ran the fixture's fsmonitor"
rm -f "$T/pwned" src/.git src2/.git x
end_test

begin_test "a .git file the run made that points at a fixture gitdir is named after the run"
fsj_sh -- 'echo "gitdir: ../fixtures/evil.git" >src/.git'
assert_rc 0
assert_err_match "warning: .*$WS/src/\.git.*$WS/fixtures/evil\.git"
rm -f src/.git
end_test

begin_test "git's own .git files (a linked worktree) are not named"
git init -q repo && git -C repo commit -q --allow-empty -m one
fsj_sh -- 'git -C repo worktree add -q ../wt && git -C repo submodule -q status'
assert_rc 0
[ -f wt/.git ] || fail "no linked worktree made: $(cat "$ERR")"
assert_out_nomatch "points git"
end_test

begin_test "a made repository's core.worktree cannot lead above its own folder"
echo "# the user's" >"$HOME/.bashrc"
cp "$HOME/.bashrc" "$T/bashrc"
fsj_sh -- 'git init -q r && cd r && echo "echo PWNED" >.bashrc && git add .bashrc &&
git commit -qm x && git config core.worktree ../../..; git config core.worktree ../.git; exit 0'
assert_err_match "write $WS/r/\.git/config: .*core\.worktree"
(cd r && git stash >/dev/null 2>&1)
cmp -s "$HOME/.bashrc" "$T/bashrc" || fail "git stash in r wrote ~/.bashrc: $(cat "$HOME/.bashrc")"
end_test

begin_test "git submodule add still writes its core.worktree (a nested path)"
git init -q "$T/subsrc" && git -C "$T/subsrc" commit -q --allow-empty -m s
git init -q sup && git -C sup commit -q --allow-empty -m one
fsj_sh --grant "read:$T/subsrc" -- 'cd sup && git -c protocol.file.allow=always submodule -q add "$1" vendor/lib &&
git config -f .git/modules/vendor/lib/config core.worktree && git -C vendor/lib status --short && echo ADDED' "$T/subsrc"
assert_out_match '^ADDED$'
assert_out_match '^\.\./\.\./\.\./\.\./vendor/lib$'
end_test

end_user_pass
done_testing
