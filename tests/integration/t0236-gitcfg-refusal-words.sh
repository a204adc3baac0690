#!/bin/bash
# The after-run summary names a refused git config rewrite for what it is
# (issue 12 item 4): the rename of config.lock over config is writing
# config ("write", not "create"), and every refused key is named (up to
# four, then how many more), not only the first.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m i) >/dev/null 2>&1 ||
	bail_out "cannot make the workspace repository"

begin_test "git config in a repository the run made: 'write <repo>/.git/config'"
fsj_sh -- 'git init -q new && git -C new config core.fsmonitor "touch x"; exit 0'
assert_err_match "^  write $WS/new/\.git/config: protected rule 'repository-metadata'"
assert_err_match "key core.fsmonitor, not on the list of inert keys"
grep -Eq "^  create $WS/new/\.git/config" "$ERR" && fail "the rewrite is called create"
end_test

begin_test "a config.lock with six refused keys: four named, then 'and 2 more'"
# shellcheck disable=SC2016
fsj_sh -- 'git init -q new2 && c=new2/.git/config && cp $c $c.lock &&
	printf "[core]\n\tfsmonitor = a\n\tpager = b\n[alias]\n\tst = !c\n[include]\n\tpath = d\n" >>$c.lock &&
	printf "[diff \"x\"]\n\ttextconv = e\n[credential]\n\thelper = f\n" >>$c.lock && mv $c.lock $c; exit 0'
assert_err_match "keys core.fsmonitor, core.pager, alias.st, include.path and 2 more, not on the list of inert keys"
grep -q fsmonitor "$WS/new2/.git/config" && fail "a refused key landed"
end_test

begin_test "git config in the workspace's own repository: 'write <ws>/.git/config'"
fsj_sh -- 'git config core.pager "touch x"; exit 0'
assert_err_match "^  write $WS/\.git/config: protected rule 'repository-metadata'"
grep -q pager "$WS/.git/config" && fail "the key landed"
end_test

done_testing
