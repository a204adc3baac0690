#!/bin/bash
# `fsjail check` of a write into the metadata of a repository the line
# itself makes (chk38): the run guards a repository made during the run as
# it guards the user's (hooks/ keeps NAME.sample names only, config
# changes only through git's checked lock rename), but check saw `git init
# -q r && echo x > r/.git/hooks/pre-commit` as a new file of the workspace
# and said "allow"; likewise `git clone` then a hook. check now refuses
# such a write, naming the reason; the repository's other files, a
# NAME.sample, and the .git file of a worktree made in the line (the run
# lets that be written) stay allowed.
#
# Nothing here runs a command in a sandbox: no kernel feature is needed.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
git_ws
echo a >f.txt && git add f.txt && git commit -q -m f || bail_out "cannot commit"
git init -q vendor/x || bail_out "cannot make a nested repository"

begin_test "a hook or the config of a repository made in the line is refused"
for l in 'git init -q r && echo x > r/.git/hooks/pre-commit' 'git init -q r && cp f.txt r/.git/config' \
	'git init -q r && cd r && printf x >> .git/hooks/pre-push' \
	'git clone -q vendor/x cl && touch cl/.git/hooks/post-checkout'; do
	run_cmd "$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$l"
	[ "$RC" = 4 ] || fail "check did not refuse '$l' (status $RC): $(head -c 600 "$OUT")"
done
run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- 'git init -q r && echo x > r/.git/hooks/pre-commit'
assert_out_match "hook of the repository git makes earlier in the line"
end_test

begin_test "its other files, a NAME.sample and a new worktree's .git file stay allowed"
for l in 'git init -q r && echo x > r/f && echo y > r/.git/hooks/a.sample' \
	'git init -q r && cd r && echo x > README && git add README' \
	'git worktree add -q wt2 && echo x > wt2/.git'; do
	run_cmd "$FSJAIL" check --workspace "$WS" --cwd "$WS" -- "$l"
	[ "$RC" = 0 ] || fail "check did not allow '$l' (status $RC): $(head -c 600 "$OUT")"
done
end_test

done_testing
