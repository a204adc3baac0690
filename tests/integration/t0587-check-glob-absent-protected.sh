#!/bin/bash
# `fsjail check` of a glob beside a protected path that does not exist
# (user29): bash expands a glob only to names that exist, so `rm -rf *`
# in a repository with no nested repository cannot reach an absent
# protected name such as opencode.json (the workspace's autorun files,
# kept absent by the run). check asked ("a name known only at run time
# may be .../opencode.json") for everyday lines that run then did without
# a refusal. It still asks when the name exists (a nested repository's
# .git, an existing protected file), when the line may make the name
# first, for a run-time name ($X), which may be any name, and for a
# rule that denies delete but not create (the run may make the name).
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
git_ws
mkdir -p src build && : >src/a.c && : >build/a.o && : >a.o
[ -e opencode.json ] && bail_out "opencode.json exists in $WS"

# asks LINE...: fail unless check asks or refuses (3, 4) each line
asks()
{
	local l
	for l in "$@"; do
		run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
		case $RC in
		3 | 4) ;;
		*) fail "check allowed '$l' (status $RC): $(head -c 600 "$OUT")" ;;
		esac
	done
}

begin_test "a glob in a repository with no nested one is allowed"
for l in 'rm -rf *' 'rm -rf -- *' 'rm -f *' 'rm -rf ./*' 'cp -r * /tmp/' 'rm -rf op*'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
done
end_test

begin_test "a run-time name, or a name the line may make first, still asks"
asks 'rm -rf $X' 'rm -rf ./$X*' 'cp -r src/. . && rm -rf *'
printf 'rules:\n  - path: keep.txt\n    deny: [delete]\n' >"$T/keep.yaml"
run_cmd "$FSJAIL" check --rules "$T/keep.yaml" --workspace "$WS" --cwd "$WS" -- 'rm -f *'
case $RC in
3 | 4) ;;
*) fail "check allowed 'rm -f *' beside an absent keep.txt denied delete (status $RC)" ;;
esac
end_test

begin_test "an existing nested repository still asks"
git init -q vendor/x || bail_out "cannot make a nested repository"
asks 'rm -rf *' 'rm -rf vendor/*' 'rm -rf v*'
end_test

done_testing
