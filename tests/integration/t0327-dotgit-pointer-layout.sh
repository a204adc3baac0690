#!/bin/bash
# A .git file the run made that points git at a fixture gitdir is named
# after the run wherever the fixture lies (att10). att9's warning let
# pass any target under a modules/ or worktrees/ folder of any folder
# shaped as a gitdir (git_layout()): a checkout whose fixture gitdir
# holds modules/evil (HEAD, objects/, refs/, a config whose
# core.fsmonitor runs a command), and the run's src/.git "gitdir:
# ../fixtures/host/modules/evil", gave no word, and the user's next
# `git status` in src/ ran it. Only a gitdir named .git counts now (a
# checkout cannot hold one), and for modules/ one whose work tree holds
# the .git file. Test 2 held: a submodule's .git file older than the run
# cannot be removed and made again pointing elsewhere (it would be taken
# for the old one); since user11 it is made again, with its old bytes. As root and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0327_USER 3
setup
require_landlock
git_env
cd "$WS" || bail_out "cannot enter $WS"
for g in fixtures/host fixtures/host/modules/evil; do
	mkdir -p $g/objects $g/refs/heads
	echo 'ref: refs/heads/main' >$g/HEAD
done
printf '[core]\n\tbare = false\n\tfsmonitor = "echo PWNED >%s/pwned; false"\n' "$T" \
	>fixtures/host/modules/evil/config
mkdir src
echo hi >src/main.c

begin_test "a .git file pointing into a fixture's modules/ is named after the run"
fsj_sh -- 'echo "gitdir: ../fixtures/host/modules/evil" >src/.git'
assert_rc 0
assert_err_match "warning: .*$WS/src/\.git.*$WS/fixtures/host/modules/evil"
rm -f src/.git
end_test

begin_test "a submodule's .git file older than the run cannot be written again (held)"
git init -q "$T/subsrc" && git -C "$T/subsrc" commit -q --allow-empty -m s
git init -q sup && git -C sup commit -q --allow-empty -m one
git -C sup -c protocol.file.allow=always submodule -q add "$T/subsrc" lib ||
	bail_out "no submodule"
ptr=$(cat sup/lib/.git)
fsj_sh -- 'rm sup/lib/.git; echo "gitdir: ../../fixtures/host/modules/evil" >sup/lib/.git'
# (user11) made again with the bytes it had at the start, not the command's
assert_content sup/lib/.git "$ptr"
grep -q fixtures sup/lib/.git 2>/dev/null && fail "sup/lib/.git points at the fixture"
end_test

begin_test "a submodule's own .git file is not named"
rm -rf sup "$T/subsrc"
git init -q "$T/subsrc" && git -C "$T/subsrc" commit -q --allow-empty -m s
git init -q sup && git -C sup commit -q --allow-empty -m one
fsj_sh --grant "read:$T/subsrc" -- 'cd sup && git -c protocol.file.allow=always submodule -q add "$1" vendor/lib' "$T/subsrc"
assert_rc 0
[ -f sup/vendor/lib/.git ] || fail "no submodule made: $(cat "$ERR")"
assert_out_nomatch "points git"
end_test

end_user_pass
done_testing
