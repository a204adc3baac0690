#!/bin/bash
# `git clean -ffdx` (-f given twice) removes an untracked nested
# repository whole, its .git folder with hooks/ and config included, which
# the run refuses (repository-metadata): git warned "failed to remove
# nested/.git/config: Permission denied" sixteen times and left the
# nested repository without its objects, while check had said allow
# (user32). check now names each such repository beneath the working
# folder as a recursive delete, refused as `rm -rf nested` is; one -f
# (git skips nested repositories), a tracked one, or a submodule stay
# allow.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
check_repo_setup
ws_repo >/dev/null 2>&1
(cd "$WS" && mkdir -p deep/a && git init -q deep/a/nested && echo n >deep/a/nested/n &&
	git -C deep/a/nested add n && git -C deep/a/nested commit -q -m n) >/dev/null 2>&1 ||
	bail_out "cannot make the nested repository"

begin_test "git clean -ffdx over an untracked nested repository: check refuses, as the run does"
for line in 'git clean -ffdx' 'git clean -f -f -d' 'git clean --force -f -dx'; do
	got=$(said "$line")
	[ "$got" = refuse ] || fail "'$line': check says $got, not refuse"
done
grep -q "\"$WS/deep/a/nested\"" "$T/check.json" || fail "the nested repository is not named"
[ "$(said 'git clean -ffdx' deep)" = refuse ] || fail "from deep/: not refuse"
fsj -- git clean -ffdxq
assert_failed
assert_err_match "delete $WS/deep/a/nested/.git/config: protected rule 'repository-metadata'"
end_test

begin_test "one -f, a tracked nested repository, another folder: allow"
got=$(said 'git clean -fdx')
[ "$got" = allow ] || fail "'git clean -fdx': check says $got, not allow"
rm -rf "$WS/deep" # what the run left of it
(cd "$WS" && git init -q kept && echo k >kept/k && git -C kept add k &&
	git -C kept commit -q -m k) >/dev/null 2>&1 || bail_out "cannot make the second repository"
got=$(said 'git clean -ffdx')
[ "$got" = refuse ] || fail "'git clean -ffdx' over kept/: check says $got, not refuse"
mkdir -p "$WS/src"
got=$(said 'git clean -ffdx' src)
[ "$got" = allow ] || fail "from src/: check says $got, not allow"
(cd "$WS" && git add kept && git commit -q -m gitlink) >/dev/null 2>&1 ||
	bail_out "cannot track the nested repository"
got=$(said 'git clean -ffdx')
[ "$got" = allow ] || fail "a tracked nested repository: check says $got, not allow"
end_test

done_testing
