#!/bin/bash
# The after-run summary does not offer a grant that cannot help (issue 12
# item 4, user4): `git config --global` (and `git lfs install`, which runs
# it) is refused when it makes ~/.gitconfig.lock, outside every grant, and
# the summary said "to allow it: fsjail run --grant create:~/.gitconfig.lock";
# granted, the next run was refused reading it, then renaming it over the
# protected ~/.gitconfig, which no rule lifts. A refused NAME.lock whose
# NAME is protected now says so, with no hint; an ordinary refusal keeps
# its hint.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env
startup_files

git init -q "$WS" >/dev/null 2>&1 || bail_out "git init failed"
snapshot "$HOME/.gitconfig"

begin_test "git config --global: the lock of the protected ~/.gitconfig is named, no grant offered"
fsj --report "$T/report" -- git config --global alias.x '!touch /tmp/planted'
assert_failed
assert_unchanged "$HOME/.gitconfig"
assert_err_match "create $HOME/\.gitconfig\.lock: .*lock file of $HOME/\.gitconfig, which is protected"
if grep -q 'to allow' "$ERR"; then
	fail "the summary offers a grant that cannot help"
	diag_last
fi
end_test

begin_test "the report line gives the same reason"
grep -q "\"path\":\"$HOME/.gitconfig.lock\".*\"reason\":\"the lock file of $HOME/.gitconfig, which is protected" \
	"$T/report" || {
	fail "no such line in the report"
	sed 's/^/#   /' "$T/report"
}
end_test

begin_test "an ordinary refusal (a lock of an unprotected file) keeps its hint"
fsj -- touch "$HOME/notes.lock"
assert_failed
assert_err_match "create $HOME/notes\.lock: default"
assert_err_match "to allow it: fsjail run --grant write,create:$HOME/notes\.lock"
end_test

done_testing
