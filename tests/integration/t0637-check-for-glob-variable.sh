#!/bin/bash
# `for f in src/*.c; do sed -i ... $f; done`, an agent's everyday loop,
# asked with no grant to offer: a for word with a slash made $f "any
# path" (user32). A for list of one word is now taken as bash takes it:
# $f is each name that word matches, decided as the glob itself would be
# (`for f in .g*; do rm -rf $f; done` asks over .git as `rm -rf .g*`
# does).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 1
check_repo_setup
ws_repo >/dev/null 2>&1
mkdir -p "$WS/src" && echo 'int a;' >"$WS/src/a.c"

begin_test "a for loop over one glob: its names, as the glob"
for pair in 'allow|for f in src/*.c; do sed -i "s/a/b/" $f; done' \
	'allow|for f in src/*.c; do cat "$f"; done' \
	'prompt|for f in .g*; do rm -rf $f; done'; do
	want=${pair%%|*} line=${pair#*|}
	got=$(said "$line")
	[ "$got" = "$want" ] || fail "'$line': check says $got, not $want"
done
fsj -- bash -c 'for f in src/*.c; do sed -i "s/a/b/" $f; done'
assert_rc 0
assert_content "$WS/src/a.c" 'int b;'
end_test

done_testing
