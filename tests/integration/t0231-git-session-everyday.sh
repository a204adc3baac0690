#!/bin/bash
# Everyday git that a new user met refused with no rules file (task user3,
# issue 12 items 1-2), each now decided:
# - git submodule add into a repository that existed before the run works:
#   [submodule] sections pass the checked config.lock (gitcfg.c);
# - git worktree remove of a linked worktree made by an earlier run works:
#   a linked worktree's .git file and administrative folder refuse write
#   and create, not delete (repometa.c LINKED_DENY);
# - git sparse-checkout set stays refused: it writes config and
#   info/sparse-checkout, which decide what git shows (issue 12 item 2
#   protects info/), and fsjail says so.
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

R=$WS/repo
git init -q "$WS/sub" && git -C "$WS/sub" commit -q --allow-empty -m s
git init -q "$R" && git -C "$R" commit -q --allow-empty -m i && git -C "$R" branch feature

begin_test "submodule add into a repository made by the command in the run: works, url in its config"
fsj -- sh -c 'git init -q "$1/fresh" && cd "$1/fresh" && git commit -q --allow-empty -m i &&
	git -c protocol.file.allow=always submodule add -q "$1/sub" sm && git commit -qm sm' _ "$WS"
assert_rc 0
git -C "$WS/fresh" config --get submodule.sm.url >/dev/null || fail "no submodule.sm.url in the new repository's config"
end_test

begin_test "submodule add into a repository that existed before the run: its url reaches .git/config"
cd "$R" && fsj -- git -c protocol.file.allow=always submodule add -q "$WS/sub" vendor/sub; cd "$T"
git -C "$R" config --get submodule.vendor/sub.url >/dev/null ||
	fail "submodule.vendor/sub.url is not in $R/.git/config (git exited $RC): $(cat "$ERR")"
end_test

begin_test "worktree add and remove in one run: works, nothing left"
cd "$R" && fsj -- sh -c 'git worktree add -q ../wt1 feature && git worktree remove ../wt1'; cd "$T"
assert_rc 0
[ -e "$WS/wt1" ] && fail "$WS/wt1 is left"
end_test

begin_test "worktree remove of a worktree an earlier run added"
cd "$R" && fsj -- git worktree add -q ../wt2 feature; cd "$T"
cd "$R" && fsj -- git worktree remove ../wt2; cd "$T"
[ -e "$WS/wt2/.git" ] && fail "$WS/wt2/.git is left (exit $RC): $(cat "$ERR")"
git -C "$R" worktree list | grep -q wt2 && fail "wt2 is still listed"
end_test
git -C "$R" worktree remove --force ../wt2 2>/dev/null

begin_test "git config user.name: refused with git's own error, and fsjail names the rule"
cd "$R" && fsj -- git config user.name evil; cd "$T"
assert_failed
assert_err_match "could not write config file"
assert_err_match "repository-metadata"
[ -z "$(git -C "$R" config --get user.name)" ] || fail "user.name was written"
end_test

begin_test "sparse-checkout set: refused (info/ and config are protected), and fsjail names the rule"
cd "$R" && fsj -- git sparse-checkout set vendor; cd "$T"
assert_failed
assert_err_match "repository-metadata"
[ -e "$R/.git/info/sparse-checkout" ] && fail "info/sparse-checkout was written"
end_test

done_testing
