#!/bin/bash
# `fsjail check` predicts what `run` does with git maintenance and git lfs
# (issue 12 item 7): `git maintenance register` (and unregister, start,
# stop) writes maintenance.repo into the user's global config, which is
# protected, so run refuses it; `git lfs install` writes the repository's
# hooks and the global config's filter.lfs settings. check took both for
# work inside the repository and said "allow" (user28). Now check refuses
# them with the path and the rule, and keeps `git maintenance run`
# allowed, as run does.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
startup_files
cd "$WS" && git init -q -b main && git commit -q --allow-empty -m base ||
	bail_out "cannot make a repository in $WS"

begin_test "check refuses maintenance register/unregister/start/stop, naming ~/.gitconfig"
for l in 'git maintenance register' 'git maintenance unregister' 'git maintenance start' \
	'git maintenance stop'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	assert_rc 4
	assert_out_match "^refused +write +$HOME/\.gitconfig "
done
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git maintenance run'
assert_rc 0
end_test

begin_test "check refuses git lfs install and update: the hooks, then the config"
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git lfs install'
assert_rc 4
assert_out_match "^refused +write +$WS/\.git/hooks/pre-push .*repository-metadata"
assert_out_match "^refused +write +$HOME/\.gitconfig "
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git lfs install --local'
assert_rc 4
assert_out_match "^refused +write +$WS/\.git/config "
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git lfs update'
assert_rc 4
assert_out_match "^refused +write +$WS/\.git/hooks/post-checkout "
end_test

begin_test "run refuses maintenance register as check said, and ~/.gitconfig is unchanged"
cp "$HOME/.gitconfig" "$T/gitconfig.before"
fsj -- git maintenance register
assert_rc_not 0
cmp -s "$HOME/.gitconfig" "$T/gitconfig.before" || fail "~/.gitconfig changed"
fsj -- git maintenance run --task=pack-refs
assert_rc 0
end_test

done_testing
