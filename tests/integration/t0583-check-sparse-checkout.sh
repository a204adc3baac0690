#!/bin/bash
# `fsjail check` predicts what `run` does with git sparse-checkout (issue 12
# item 7): set, add, init and disable write the repository's
# info/sparse-checkout (and set, init, disable its config), which the
# repository-metadata rule protects, so run refuses them ("could not write
# config file .git/config: Permission denied"); check took the subcommand
# for one it does not know and said "allow" (user28). Now check refuses
# those with the rule and the path, and keeps list (a read) and reapply
# (the index and the work tree) allowed, as run does.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
cd "$WS" && git init -q -b main && mkdir d1 d2 && echo 1 >d1/f && echo 2 >d2/f &&
	git add -A && git commit -qm base || bail_out "cannot make a repository in $WS"

begin_test "check refuses the sparse-checkout lines run refuses, naming the rule"
for l in 'git sparse-checkout set d1' 'git sparse-checkout add d2' 'git sparse-checkout init' \
	'git sparse-checkout disable'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	assert_rc 4
	assert_out_match "^refused +write +$WS/\.git/info/sparse-checkout .*repository-metadata"
done
end_test

begin_test "run refuses set, and nothing changed"
fsj -- git sparse-checkout set d1
assert_rc_not 0
assert_err_match "repository-metadata"
assert_not_exists "$WS/.git/info/sparse-checkout"
assert_exists "$WS/d2/f"
end_test

begin_test "list and reapply stay allowed, in check as in run"
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git sparse-checkout list'
assert_rc 0
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git sparse-checkout reapply'
assert_rc 0
git sparse-checkout set d1 >/dev/null 2>&1 || bail_out "cannot set a sparse checkout outside"
fsj -- git sparse-checkout reapply
assert_rc 0
end_test

done_testing
