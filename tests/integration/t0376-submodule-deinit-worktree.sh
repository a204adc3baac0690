#!/bin/bash
# `git submodule deinit` printed one refusal (git23): it unsets
# core.worktree in the submodule's gitdir config (submodule.c
# submodule_unset_core_worktree()), a rewrite of the protected
# .git/modules/x/config outside the [branch] and [submodule] sections:
# "warning: Could not unset core.worktree setting in submodule 'x'". git
# did not need it (update --init writes it again), but the user saw an
# error for an everyday command. Now a submodule gitdir's core.worktree
# may be removed, and set to a folder inside the superproject's work
# tree with no .git component and no protected or denied name near it
# (notify-gitcfg.c submodule_worktree_ok()): what git writes. A value
# naming a folder outside the work tree, a gitdir or a hooks folder, which
# a host git would check the submodule out into, stays refused.
# Test 1 fails before; 2 to 5 hold before too (2: the update in the
# next run, which must now set core.worktree again, still works).
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libsubmod.sh"

plan_user_pass FSJAIL_T0376_USER 5
setup
require_landlock
git_env
submodule_lib
(cd "$WS" && git init -q && git config core.hooksPath .githooks && mkdir .githooks &&
	git commit -q --allow-empty -m init && git submodule add -q "$LIB" x &&
	git commit -qm sub) || bail_out "cannot add the submodule"
SUBCFG=$WS/.git/modules/x/config
[ "$(git config -f "$SUBCFG" core.worktree)" = ../../../x ] ||
	bail_out "unexpected core.worktree: $(git config -f "$SUBCFG" core.worktree)"

begin_test "deinit -f: no refusal, core.worktree unset"
fsj_sh -- 'git submodule deinit -f x'
assert_rc 0 && assert_out_nomatch 'refusal|Could not unset|Permission denied'
git config -f "$SUBCFG" core.worktree >/dev/null && fail "core.worktree still set"
end_test

begin_test "update --init in the next run: core.worktree set again, x checked out"
fsj_sh -- 'git submodule update --init && cat x/l.txt && git -C x rev-parse --show-toplevel'
assert_rc 0 && assert_out_match '^lib-content$' && assert_out_match "^$WS/x\$" &&
	assert_out_nomatch refusal
[ "$(git config -f "$SUBCFG" core.worktree)" = ../../../x ] || fail "core.worktree not ../../../x"
end_test

begin_test "core.worktree out of the work tree, into a gitdir or a hooks folder: refused"
cp "$SUBCFG" "$T/subcfg.before"
for v in ../../../.. ../../../../elsewhere /tmp ../../../.git/hooks ../../../.githooks \
	'../../../x #'; do
	fsj_sh -- 'git config -f .git/modules/x/config core.worktree "$1"' "$v"
	assert_rc_not 0 && assert_err_match "repository-metadata" || diag "value $v"
	cmp -s "$SUBCFG" "$T/subcfg.before" || fail "config changed by value $v"
done
end_test

begin_test "another key of [core] in the submodule's config: refused as before"
fsj_sh -- 'git config -f .git/modules/x/config core.fsmonitor "touch $1"' "$T/ran"
assert_rc_not 0 && assert_err_match "outside the \\[branch\\]"
cmp -s "$SUBCFG" "$T/subcfg.before" || fail "config changed"
end_test

begin_test "core.worktree of the superproject's own config: refused as before"
fsj_sh -- 'git config core.worktree x'
assert_rc_not 0 && assert_err_match "outside the \\[branch\\]"
git -C "$WS" config core.worktree >/dev/null && fail "core.worktree set in .git/config"
end_test

end_user_pass
done_testing
