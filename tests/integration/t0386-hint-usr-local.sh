#!/bin/bash
# A refused install into /usr/local (user15): the after-run summary said
# "no grant offered ...: it would reach the protected path /usr", though
# /usr/local is the protected tree's exception, open to a rule (README,
# "Precedence"), and `--grant write,create:/usr/local/bin/x` works. The
# summary still offers no grant there (a system-wide folder), but now says
# that the protected /usr leaves /usr/local to the user's rules; a refusal
# in /usr proper keeps its "protected" reason.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

name="fsjail-t0386-$$"

begin_test "a refused create in /usr/local names the exception, not the protected /usr"
fsj -- touch "/usr/local/bin/$name"
assert_failed
[ ! -e "/usr/local/bin/$name" ] || { rm -f "/usr/local/bin/$name"; fail "the file was made"; }
assert_err_match "no grant offered for create /usr/local/bin/$name: the protected path /usr leaves /usr/local to your rules"
if grep -q 'it would reach the protected path /usr' "$ERR"; then
	fail "the summary calls /usr/local protected"
	diag_last
fi
end_test

begin_test "a refused create in /usr proper is still protected"
fsj -- touch "/usr/bin/$name"
assert_failed
[ ! -e "/usr/bin/$name" ] || { rm -f "/usr/bin/$name"; fail "the file was made"; }
assert_err_match "create /usr/bin/$name: protected"
if grep -q 'leaves /usr/local' "$ERR"; then
	fail "the /usr/local exception is named for /usr/bin"
	diag_last
fi
end_test

done_testing
