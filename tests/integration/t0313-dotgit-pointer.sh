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
# named in a warning after the run. As root and again as
# FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0313_USER 3
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

end_user_pass
done_testing
