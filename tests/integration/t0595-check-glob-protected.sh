#!/bin/bash
# `fsjail check` of a name bash makes by a glob (issue 12 item 7): an
# unresolved operand was decided at its literal folder only, so a glob
# there that names a protected path was "allow" (att34): `echo x >
# .git/confi[g]`, `cp f .git/c?nfig`, `tee .git/hook?/pre-commit`, `rm -rf
# .git/*`, `rm -rf .g*`, `rm -rf *` over a nested repository - each a line
# run refuses (or whose repository metadata it refuses to remove). A glob
# operand (and a run-time tail after a literal folder, `.git/$X`) that may
# name a protected path, a folder above one, or a path beneath one is
# never allowed: check asks, with the path and rule that may refuse it.
# Globs that cannot reach one stay allowed (`rm -f *.o`, `cat .git/c*`,
# `touch src/*`, `rm -rf build/*`), as do plain names beside them.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
git_ws
mkdir -p src build vendor && : >src/a.c && : >build/a.o && : >a.o
git init -q vendor/x || bail_out "cannot make a nested repository"

# check_not_allowed LINE: check answers prompt or refuse, naming a
# repository-metadata rule
check_not_allowed()
{
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$1"
	case $RC in
	3 | 4) ;;
	*) fail "check allowed '$1' (status $RC): $(head -c 600 "$OUT")" ;;
	esac
	run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$1"
	grep -q '"overall":"allow"' "$OUT" && fail "check --json allowed '$1'"
	return 0
}

begin_test "a glob naming repository metadata is not allowed"
for l in 'echo x > .git/confi[g]' 'echo x >> .git/c*g' 'cp /dev/null .git/c?nfig' \
	'echo x | tee .git/hook?/pre-commit' 'touch .git/hoo*/pre-commit' \
	'rm -rf .git/*' 'rm -rf .g*' 'rm -rf *' 'rm -rf vendor/*' 'rm -rf vendor/x/.git/*' \
	'mv .gi? old' 'echo x > .git/{config,x}' 'echo x > .git/$NAME' \
	"bash -c 'echo x > .git/conf[i]g'"; do
	check_not_allowed "$l"
done
end_test

begin_test "the answer names the path and the rule"
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'echo x > .git/confi[g]'
assert_out_match "$WS/\.git/config"
assert_out_match "repository-metadata"
end_test

begin_test "globs that cannot reach protected metadata stay allowed"
for l in 'rm -f *.o' 'cat .git/c*' 'touch src/*' 'rm -rf build/*' 'rm -f ./*.o' \
	'cp src/* build/' 'echo x > .git/objects/in*' 'ls .git/*'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
done
end_test

done_testing
