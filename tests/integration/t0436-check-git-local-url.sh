#!/bin/bash
# `fsjail check` predicts what `run` refuses when git reads a repository
# outside the workspace that the line names by a local path (chk31):
# `git submodule add ../x` (reads ../x, clones into the workspace), `git
# clone ../x y`, `git fetch ../x`, `git ls-remote file://$HOME/x`. Before,
# submodule was opaque (held by the tier) and fetch, ls-remote read only
# the workspace: check said allow while run refused the read of ../x/.git.
# Now the repository is an effect: check asks for read of ../x, and run
# refuses a read beneath it (--report). In a git repository with no rules
# file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0436_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{
	git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init &&
	git init -q "$HOME/x" && git -C "$HOME/x" commit -q --allow-empty -m x
} || bail_out "cannot make the repositories"

begin_test "git submodule add ../x: check asks for read of ../x, run refuses a read beneath it"
check_run_pair "git submodule add ../x" read "$HOME/x"
check_run_pair "git submodule add -q ../x sub/x" read "$HOME/x"
end_test

begin_test "git clone, fetch, ls-remote of a local path or file:// URL outside: check asks, run refuses"
check_run_pair "git clone -q ../x y" read "$HOME/x"
check_run_pair "git fetch -q ../x" read "$HOME/x"
check_run_pair "git ls-remote file://$HOME/x" read "$HOME/x"
end_test

end_user_pass
done_testing
