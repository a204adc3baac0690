#!/bin/bash
# A variable the line sets to one plain name (`D=.git; echo x >$D/config`)
# was taken as "some name in the working folder" and the name itself never
# looked at: check said allow for `D=.git; rm -rf $D` and for writing
# $D/config or $D/hooks/x, which the run refuses (repository-metadata), so
# a harness ran a line check had passed and met refusals (user32). check
# now uses the one value the line gives such a variable, as bash would
# (not a prefix `D=x cmd $D`, not one arithmetic may change: ((i++))); a
# variable given several values, one of them hidden (.git, .env), may be
# any path and asks; `d=build; rm -rf $d` stays allow.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
check_repo_setup
ws_repo >/dev/null 2>&1

begin_test "a line's own variable naming .git: check refuses what the run refuses"
for line in 'D=.git; rm -rf $D' 'D=.git; echo x >$D/config' \
	'D=.git; printf x >"$D/hooks/pre-commit"' 'export D=.git; rm -rf "$D"'; do
	got=$(said "$line")
	[ "$got" = refuse ] || fail "'$line': check says $got, not refuse"
done
for line in 'for f in .git a; do rm -rf $f; done' 'D=.git rm -rf $D' 'd=a; d=.git; rm -rf $d'; do
	got=$(said "$line")
	[ "$got" = prompt ] || fail "'$line': check says $got, not prompt"
done
fsj -- bash -c 'D=.git; echo "[core]" >$D/config'
assert_failed
assert_err_match "write $WS/.git/config: protected rule 'repository-metadata'"
end_test

begin_test "plain names keep working: build folders, counters"
for line in 'd=build; mkdir -p $d && rm -rf $d' 'for f in a b; do rm -f "$f"; done' \
	'for ((i=0;i<3;i++)); do touch f$i; done' 'i=0; ((i++)); touch f$i'; do
	got=$(said "$line")
	[ "$got" = allow ] || fail "'$line': check says $got, not allow"
done
said 'i=0; ((i++)); touch f$i' >/dev/null
json "$T/check.json" "[e['path'] for e in d['effects'] if e['capability'] == 'create']" |
	grep -q "$WS/f0" && fail "((i++)) changes i, yet check named f0"
fsj -- bash -c 'd=build; mkdir -p $d && rm -rf $d'
assert_rc 0
end_test

done_testing
