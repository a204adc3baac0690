#!/bin/bash
# examples/agent-in-repo.yaml on a machine without Linuxbrew, pip or
# cargo (user11): it printed five warnings at every run, one for each rule
# on a folder that does not exist (~/.cache/pip, ~/.cargo/registry,
# ~/.cargo/git, Linuxbrew's gh and jq), and its rule on ~/.npm handed the
# command the host's npm cache, which the baseline otherwise keeps as the
# run's own copy (toolcache.h). Now the example prints nothing and the
# cache a run fills is its own. Both tests fail before.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

EX=$TEST_SRCDIR/../examples
cp "$EX/agent-in-repo.yaml" "$RULES" || bail_out "no examples/agent-in-repo.yaml"
(cd "$WS" && git init -q) || bail_out "cannot make the test repository"

begin_test "agent-in-repo on a home without the tools' folders: no warning"
fsj -- true
assert_rc 0
grep -q "warning" "$ERR" && fail "warnings: $(cat "$ERR")"
end_test

if [ -n "${FSJAIL_NO_MOUNT_MASKS:-}" ] && [ "$FSJAIL_NO_MOUNT_MASKS" != 0 ] || ! can_mount_ns; then
	skip_kernel "agent-in-repo: private caches need a mount namespace"
else
	begin_test "agent-in-repo: npm's cache is the run's own copy, the host's unchanged"
	mkdir -p "$HOME/.npm/_cacache"
	fsj_sh -- 'echo poisoned >~/.npm/_cacache/index && cat ~/.npm/_cacache/index'
	assert_rc 0 && assert_out_eq poisoned && assert_not_exists "$HOME/.npm/_cacache/index"
	end_test
fi

done_testing
