#!/bin/bash
# `git init sub && git -C sub config user.name x` (or a cd into it): check
# looked for sub/.git on disk, found the workspace's repository instead
# and said refuse at the workspace's .git/config, while the run let the
# new repository's config take the inert key (user32). check now takes a
# repository the line made earlier as git finds it, and decides its config
# as the listener does: an inert key allow, any other refuse (naming
# sub/.git/config), one known only at run time asks.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
check_repo_setup
ws_repo >/dev/null 2>&1

begin_test "an inert key in the config of a repository the line makes: allow, as the run does"
for line in 'git init -q sub && git -C sub config user.name x' \
	'git init -q sub && cd sub && git config user.email a@example.com'; do
	got=$(said "$line")
	[ "$got" = allow ] || fail "'$line': check says $got, not allow"
	grep -q "\"$WS/.git/config\"" "$T/check.json" && fail "'$line': the workspace's config is named"
	fsj -- bash -c "$line"
	assert_rc 0
	rm -rf "$WS/sub"
done
end_test

begin_test "a key that runs code there: refused at sub/.git/config, as the run does"
line='git init -q sub && git -C sub config core.fsmonitor "touch x"'
got=$(said "$line")
[ "$got" = refuse ] || fail "check says $got, not refuse"
grep -q "\"$WS/sub/.git/config\"" "$T/check.json" || fail "sub/.git/config is not named"
fsj -- bash -c "$line"
assert_failed
[ -z "$(git -C "$WS/sub" config core.fsmonitor)" ] || fail "the run wrote core.fsmonitor"
end_test

done_testing
