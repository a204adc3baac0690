#!/bin/bash
# explain says what the listener lets git do to a repository's HEAD and
# config (issue 12 item 6, user4): `fsjail explain .git/HEAD` said "write
# deny protected" and nothing more, while `git checkout -b` under `run`
# changed HEAD (git's HEAD.lock rename, checked by the listener), and the
# same for config and `git branch -m`. The note under the capabilities now
# names the checked rewrite; the claims it makes are tried here, and a
# plain write of either file is still refused.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
git_env

(cd "$WS" && git init -q -b main && git commit -q --allow-empty -m init) >/dev/null 2>&1 ||
	bail_out "cannot make the repository"

begin_test "explain .git/HEAD and .git/config name the checked rewrite; hooks/ has no such note"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.git/HEAD" "$WS/.git/config" "$WS/.git/hooks/x"
assert_rc 0
assert_out_match "note: git's own change of HEAD \(HEAD\.lock renamed over it"
assert_out_match "note: git's own rewrite of config \(config\.lock renamed over it\).*\[branch\]"
[ "$(grep -c 'note:' "$OUT")" = 2 ] || { fail "expected exactly two notes"; diag_last; }
end_test

begin_test "what the notes say works: checkout -b, symbolic-ref, branch -m"
fsj -- sh -c 'git checkout -q -b topic && git symbolic-ref HEAD refs/heads/main && git branch -m topic work'
assert_rc 0
[ "$(cat "$WS/.git/HEAD")" = "ref: refs/heads/main" ] || fail "HEAD is '$(cat "$WS/.git/HEAD")'"
git -C "$WS" rev-parse -q --verify refs/heads/work >/dev/null || fail "branch work missing"
end_test

begin_test "any other change of HEAD or config is refused"
snapshot "$WS/.git/HEAD"
snapshot "$WS/.git/config"
fsj -- sh -c 'echo "ref: refs/heads/x" > .git/HEAD; git config core.pager cat; exit 0'
assert_rc 0
assert_unchanged "$WS/.git/HEAD"
assert_unchanged "$WS/.git/config"
assert_err_match 'write .*/\.git/HEAD: protected'
assert_err_match 'write .*/\.git/config: protected'
end_test

done_testing
