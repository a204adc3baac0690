#!/bin/bash
# The refusal said for a made repository's config handed in read-only
# names the open, not a write that failed (att26). mv of a made repository
# into .git/modules copies it (the rename fails EXDEV there), and its
# creating open of an empty config gets the read-only descriptor; mv then
# writes nothing. Before the fix the summary said
# "config was handed in read-only, so a write through it failed (EBADF)
# ... by mv": no write of mv's failed. The refusal (the open, the rule)
# stays. As root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_NEWREPORO_USER_PASS 1
setup
command -v git >/dev/null || bail_out "git is needed"
git_env
(cd "$WS" && git init -q .) || bail_out "cannot make the workspace repository"

begin_test "mv of a made repository with an empty config: the open is said, no failed write"
fsj -- bash -c 'mkdir -p st/refs/heads st/objects && echo "ref: refs/heads/main" >st/HEAD &&
: >st/config && mkdir -p .git/modules && mv st .git/modules/m && echo moved'
assert_out_eq moved
assert_err_match "write $WS/\\.git/modules/m/config: protected rule 'repository-metadata' .*config was handed in read-only to an open that asked to write, so any write through it fails \\(EBADF\\).*; by mv"
grep -q "a write through it failed" "$ERR" && fail "the refusal says a write failed"
end_test

end_user_pass
done_testing
