#!/bin/bash
# Repositories the command makes in the run carry no code to the host
# (issue 12 item 2; listener rule 'repository-metadata' for made gitdirs,
# src/notify-newrepo.c). Each attack is made inside the run, then git runs
# on the host where a user would run it, and the marker the planted code
# would make must be absent: an embedded repository with core.fsmonitor
# (host git status in the outer repository recurses into it), git init in
# a folder that already existed, a linked worktree's commondir pointed at
# a hand-made gitdir in /tmp, hooks planted by write, rename of a .sample,
# symbolic link and a moved-in hooks folder, ext:: and alias keys. Then
# the everyday operations still work inside the run: git init, clone of a
# local repository, submodule add, worktree add, git config user.email,
# git remote add, git branch -u, commit and rebase in the new repository.
# Run as root, and (when root) again as the ordinary user
# FSJAIL_TEST_USER (default cloudsdk) from a copy of this script.
. "$(dirname "$0")/libtest.sh"
SELF_DIR=$TEST_DIR
SELF=$(basename "$0")

USER_PASS=${FSJ_NEWREPO_USER_PASS:-0}
TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
if [ "$USER_PASS" = 1 ]; then plan 7; else plan 8; fi
setup
require_landlock
git_env

D=$(mktemp -d /tmp/fsjail-t0215.XXXXXX) || bail_out "no /tmp folder"
chmod 755 "$D"
trap 'rm -rf "$D"; cleanup' EXIT
M=$D/m
mkdir -p "$M"

(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m i) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"

# host_git ARGS...: git as the user runs it after the run.
host_git()
{
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*' \
		git "$@" >/dev/null 2>&1 </dev/null
}

begin_test "an embedded repository with core.fsmonitor: host git status plants nothing"
fsj_sh -- 'git init -q emb && cd emb && git commit -q --allow-empty -m x
	git config core.fsmonitor "touch $1/fsm; false"; cd .. && git add emb; exit 0' "$M"
host_git -C "$WS" status
host_git -C "$WS/emb" status
assert_not_exists "$M/fsm"
assert_err_match "key core.fsmonitor, not on the list of inert keys, in a repository made by this run"
end_test

begin_test "git init in a folder that already existed: core.fsmonitor refused"
mkdir -p "$WS/src"
fsj_sh -- 'git init -q src && git -C src config core.fsmonitor "touch $1/fsm2; false"
	printf "[core]\n\tfsmonitor = touch $1/fsm2\n" >>src/.git/config
	printf "[core]\n\tfsmonitor = touch $1/fsm2\n" >x.lock && mv x.lock src/.git/config
	exit 0' "$M"
host_git -C "$WS/src" status
assert_not_exists "$M/fsm2"
assert_err_match "repository-metadata"
end_test

begin_test "a worktree's commondir pointed at a hand-made gitdir in /tmp: refused"
# shellcheck disable=SC2016
fsj_sh -- 'git worktree add -q wt2 -b wt2 && git worktree add -q wt3 -b wt3
	e=$1/evil; mkdir -p $e && printf "[core]\n\tfsmonitor = touch $2/wt\n" >$e/config
	mkdir $e/objects $e/refs; echo ref: refs/heads/main >$e/HEAD
	f=$1/evil2; mkdir -p $f/objects $f/refs && echo ref: refs/heads/main >$f/HEAD
	printf "[core]\n\tfsmonitor = touch $2/wt\n" >$f/config
	printf "[core]\n\tfsmonitor = touch $2/wt\n" >$f/config.lock && mv $f/config.lock $f/config
	echo $e >.git/worktrees/wt2/commondir; echo $f >.git/worktrees/wt3/commondir
	exit 0' "$D" "$M"
host_git -C "$WS/wt2" status
host_git -C "$WS/wt3" status
for e in evil evil2; do
	[ -f "$D/$e/config" ] && grep -q fsmonitor "$D/$e/config" &&
		[ -d "$D/$e/objects" ] && [ -d "$D/$e/refs" ] && fail "$e is a gitdir with fsmonitor"
done
assert_not_exists "$M/wt"
assert_err_match "repository-metadata"
end_test

begin_test "hooks in a new repository: write, .sample renamed, symbolic link, moved-in folder refused"
# shellcheck disable=SC2016
fsj_sh -- 'git init -q -b main new && cd new && h="#!/bin/sh
touch $1/hook"
	printf "%s\n" "$h" >.git/hooks/pre-commit; chmod +x .git/hooks/pre-commit
	printf "%s\n" "$h" >.git/hooks/x.sample && chmod +x .git/hooks/x.sample &&
		mv .git/hooks/x.sample .git/hooks/pre-commit
	ln -s x.sample .git/hooks/post-commit; mkdir .git/hooks/commit-msg
	mkdir ../h && printf "%s\n" "$h" >../h/pre-commit && chmod +x ../h/pre-commit &&
		mv .git/hooks .git/hooks.old && mv ../h .git/hooks
	exit 0' "$M"
(cd "$WS/new" && echo a >a && host_git add a && host_git commit -qm a)
assert_not_exists "$M/hook"
assert_not_exists "$WS/new/.git/hooks/pre-commit"
assert_err_match "hook pre-commit in a repository made by this run"
end_test

begin_test "a clone's config: alias, ext:: url, include, hooksPath refused; inert keys set"
git init -q -b main --bare "$D/origin.git" >/dev/null 2>&1 || bail_out "no origin"
(cd "$WS" && git push -q "$D/origin.git" main) >/dev/null 2>&1 || bail_out "cannot push"
# shellcheck disable=SC2016
fsj_sh -- 'git clone -q $1/origin.git cl && cd cl || exit 9
	git config alias.st "!touch $2/alias"; git config remote.origin.url "ext::sh -c touch% $2/ext"
	git config include.path $1/inc; git config core.hooksPath $1/hp
	git config user.email x@fsjail.invalid && echo inert-ok' "$D" "$M"
assert_out_match "^inert-ok$"
host_git -C "$WS/cl" st
host_git -C "$WS/cl" fetch
assert_not_exists "$M/alias"
assert_not_exists "$M/ext"
assert_err_match "key alias.st, not on the list of inert keys"
grep -q -i "hookspath\|alias\|include\|ext::" "$WS/cl/.git/config" && fail "a refused key landed"
end_test

begin_test "a gitdir built by hand, config before HEAD, objects, refs: refused"
# shellcheck disable=SC2016
fsj_sh -- 'git init -q -b main $2/real && git -C $2/real commit -q --allow-empty -m i
	d=$2/hand; mkdir -p $d hand && printf "[core]\n\tfsmonitor = touch $1/hand; false\n" >$d/config
	cp -r $2/real/.git/objects $2/real/.git/refs $2/real/.git/HEAD $d/
	echo "gitdir: $d" >hand/.git && echo a >hand/a; exit 0' "$M" "$D"
host_git -C "$WS/hand" add a
host_git -C "$WS/hand" status
assert_not_exists "$M/hand"
assert_err_match "key core.fsmonitor, not on the list of inert keys"
end_test

begin_test "everyday git in the run: init, clone, submodule add, worktree add, config, remote, branch -u, rebase"
# shellcheck disable=SC2016
fsj_sh -- 'set -e; git init -q -b main day && cd day && git commit -q --allow-empty -m a
	git config user.email me@fsjail.invalid
	git remote add origin $1/origin.git && git fetch -q origin
	git branch -q -u origin/main
	git commit -q --allow-empty -m b && git commit -q --allow-empty -m c
	git rebase -q HEAD~2 && git rebase -q --onto HEAD~1 HEAD~1
	git -c protocol.file.allow=always submodule add -q $1/origin.git sub
	git commit -qm sub && git worktree add -q ../daywt -b daywt
	cd .. && git clone -q $1/origin.git cl2 && echo day-ok' "$D"
assert_rc 0
assert_out_match "^day-ok$"
[ -f "$WS/day/.git/modules/sub/config" ] || fail "no submodule gitdir"
grep -q "me@fsjail.invalid" "$WS/day/.git/config" || fail "user.email not set"
grep -q "merge = refs/heads/main" "$WS/day/.git/config" || fail "branch -u not recorded"
end_test

[ "$USER_PASS" = 1 ] || user_pass "$SELF_DIR" "$SELF" FSJ_NEWREPO_USER_PASS "$TEST_USER"
done_testing
