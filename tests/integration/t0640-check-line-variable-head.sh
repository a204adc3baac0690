#!/bin/bash
# `fsjail check` of a word whose head is a variable the line itself sets
# (chk38): `D=.git; echo x > $D/hooks/pre-commit` was decided at the
# working folder alone - "its value lies in the working folder" - and
# allowed, while the run refuses the protected name it makes. Likewise
# `E=.env; cat $E` under a read deny, `D=docs; rm -r $D` under a delete
# deny, and `for d in src .git; do touch $d/config; done`. check now keeps
# the plain values the line gives the variable and matches each, with the
# word's rest, against the refusing rules beneath the folder: it asks.
# Values that cannot reach one stay allowed (`d=build; rm -rf $d`).
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
setup
git_ws
mkdir -p src build docs vendor && : >src/a.c && : >docs/a.md && echo S=1 >.env
git init -q vendor/x || bail_out "cannot make a nested repository"
check_deny_rules

begin_test "a variable the line sets to a protected or denied name is not allowed"
check_not_allowed 'D=.git; echo x > $D/hooks/pre-commit' 'D=.git && touch "$D/config"' \
	'D=.git; echo x >> ${D}/info/exclude' 'export D=vendor; touch $D/x/.git/config' \
	'for d in src .git; do touch $d/config; done' 'D=x; touch $D/../.git/config' \
	'E=.env; cat $E' 'D=docs; rm -r $D' 'D=.git; rm -rf $D'
end_test

begin_test "values that cannot reach one stay allowed"
check_allowed 'd=build; rm -rf $d' 'D=src; touch $D/config' 'for f in *.c; do rm $f; done' \
	'D=.; cp src/a.c $D/' 'D=.git; touch $D/'
end_test

done_testing
