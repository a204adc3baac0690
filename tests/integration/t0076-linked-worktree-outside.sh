#!/bin/bash
# A workspace that is a linked worktree whose main repository lies outside
# it (issue 12 item 2): git needs the main repository's objects, refs and
# logs and the worktree's own gitdir, so they are granted at the baseline
# level (rule 'git-linked-worktree', named by status and explain), while
# the main repository's hooks and config stay protected. As root and as
# the ordinary user cloudsdk (for whom the main .git is otherwise
# unreadable: "not a git repository"). A .git file in the workspace that
# the gitdir it names does not name back gets nothing.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

git_env

# session BASE: make BASE/main and its linked worktree BASE/wt1, then
# under fsjail (workspace BASE/wt1) commit, rename a branch, gc, and try
# to plant a hook and a config key in the main repository.
# shellcheck disable=SC2016
SESSION='set -e
	B=$1; F=$2
	cd "$B" && git init -q -b main main && cd main && git commit -q --allow-empty -m i
	git worktree add -q ../wt1 -b wt1 >/dev/null 2>&1
	cp .git/config "$B/config.before"
	cd ../wt1
	"$F" run -- sh -c "git status >/dev/null && echo f >f && git add f && git commit -qm f &&
		git branch -m wt1 wt2 && git gc -q && echo session-ok
		printf \"#!/bin/sh\ntouch $B/hook-ran\n\" >$B/main/.git/hooks/post-commit
		git config core.fsmonitor \"touch $B/fsm-ran\"; exit 0"
	"$F" status >"$B/status.out"
	"$F" explain "$B/main/.git/objects" >"$B/explain.out"'

# the checks run git as the test's user on a repository that may be
# cloudsdk's: safe.directory from the command line's config
check_session()
{
	local b=$1
	local -x GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*'
	assert_out_match '^session-ok$'
	run_cmd git -C "$b/main" log --format=%s -1 wt2
	assert_out_eq f
	run_cmd git -C "$b/main" fsck --no-dangling
	assert_rc 0
	assert_not_exists "$b/main/.git/hooks/post-commit"
	cmp -s "$b/config.before" "$b/main/.git/config" || fail "the main config changed"
	(cd "$b/wt1" && echo g >g && git add g && git commit -qm g &&
		git status) >/dev/null 2>&1 </dev/null
	assert_not_exists "$b/hook-ran"
	assert_not_exists "$b/fsm-ran"
	grep -q "^  $b/main/\\.git/objects: read, write, create, delete (for the linked worktree $b/wt1)" \
		"$b/status.out" || fail "status does not name the grant: $(cat "$b/status.out")"
	grep -q "^  write +allow +baseline +baseline 'git-linked-worktree' $b/main/\\.git/objects" \
		"$b/explain.out" || grep -Eq "^  write +allow +baseline +baseline 'git-linked-worktree'" \
		"$b/explain.out" || fail "explain does not name the grant: $(cat "$b/explain.out")"
}

begin_test "as the user running the tests: a linked worktree whose repository is outside works"
mkdir -p "$T/self"
run_cmd env HOME="$HOME" bash -c "$SESSION" bash "$T/self" "$FSJAIL"
check_session "$T/self"
end_test

begin_test "as the ordinary user cloudsdk: the same"
if ! U=$(user_folder); then
	skip_root "runs the session as the ordinary user cloudsdk"
	T_OPEN=0
else
	as_user "$U" bash -c "$SESSION" bash "$U" "$FSJAIL"
	check_session "$U"
	rm -rf "$U"
	end_test
fi

begin_test "no grant for a .git file the command could have forged (no gitdir naming it back)"
mkdir -p "$T/plain" && git -C "$T/plain" init -q -b main
git -C "$T/self/main" worktree add -q "$T/other-wt" -b other >/dev/null 2>&1
mkdir -p "$WS/forged1" "$WS/forged2"
echo "gitdir: $T/plain/.git" >"$WS/forged1/.git"
echo "gitdir: $T/self/main/.git/worktrees/other-wt" >"$WS/forged2/.git"
for p in "$T/plain/.git/objects" "$T/self/main/.git/objects" "$T/self/main/.git/worktrees/other-wt"; do
	run_cmd "$FSJAIL" explain --workspace "$WS" "$p"
	assert_out_match "^  read +deny"
	assert_out_nomatch "git-linked-worktree"
done
end_test

done_testing
