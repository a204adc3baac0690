#!/bin/bash
# Everyday git in the workspace draws no refusal from the listener's
# repository rule (src/notify-repo.c) where nothing is at stake (issue 12
# "How it is checked": the summary names each refusal, and only real ones):
#   - git stash ends with rmdir(".git"), which the kernel answers
#     ENOTEMPTY: the listener answers the same, no refusal recorded;
#   - git gc rewrites .git/info/refs (repack's update-server-info through
#     a temporary info/refs_XXXXXX): allowed, as the scan's rules allow it;
# while what is at stake stays refused: .git renamed away, an
# info/attributes planted, in the workspace and in a /tmp repository.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
git_env

X=$(mktemp -d /tmp/fsjail-t0102.XXXXXX) || bail_out "no /tmp folder"
trap 'rm -rf "$X"; cleanup' EXIT
for r in "$WS" "$X/r"; do
	(git init -q -b main "$r" && cd "$r" && echo a >a && git add a && git commit -qm a) \
		>/dev/null 2>&1 || bail_out "cannot make repository $r"
done

begin_test "git stash: no refusal, and rmdir of .git says 'Directory not empty'"
echo b >>"$WS/a"
fsj -- git stash -q
assert_rc 0
[ "$(cat "$WS/a")" = a ] || fail "the change was not stashed"
grep -q "refusal" "$ERR" && fail "a refusal was reported: $(cat "$ERR")"
fsj -- git stash pop -q
assert_rc 0
fsj -- rmdir .git
assert_failed
assert_err_match "Directory not empty"
grep -q "refusal" "$ERR" && fail "a refusal was reported for rmdir: $(cat "$ERR")"
assert_dir "$WS/.git"
end_test

begin_test "git gc rewrites info/refs, in the workspace and in /tmp"
rm -f "$WS/.git/info/refs" "$X/r/.git/info/refs"
fsj_sh -- 'git gc -q && git -C "$1" gc -q' "$X/r"
assert_rc 0
assert_exists "$WS/.git/info/refs"
assert_exists "$X/r/.git/info/refs"
grep -q "refusal" "$ERR" && fail "a refusal was reported: $(cat "$ERR")"
(cd "$WS" && git fsck) >/dev/null 2>&1 || fail "git fsck failed in the workspace"
end_test

begin_test ".git renamed away is still refused"
fsj -- mv .git .git-away
assert_failed
assert_dir "$WS/.git"
assert_not_exists "$WS/.git-away"
fsj -- mv "$X/r/.git" "$X/r/away"
assert_failed
assert_dir "$X/r/.git"
assert_err_match "repository-metadata"
end_test

begin_test "info/attributes is still refused, in the workspace and in /tmp"
fsj_sh -- 'echo "* filter=x" >"$1/.git/info/attributes"' "$X/r"
assert_failed
assert_not_exists "$X/r/.git/info/attributes"
fsj_sh -- 'echo "* filter=x" >.git/info/attributes'
assert_failed
assert_not_exists "$WS/.git/info/attributes"
end_test

done_testing
