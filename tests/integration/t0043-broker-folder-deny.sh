#!/bin/bash
# a masked deny's ancestors are pinned (a bind mount makes
# `mv .git .git-away` fail with EBUSY), because moving the ancestor and
# recreating it would let the command create the denied path anew. The
# broker's host operations run in the supervisor's mount namespace, where
# there is no pin: a JSON "rename" of .git (delete is granted on the
# workspace, .git itself carries no deny) succeeded, and the command then
# created .git/hooks/pre-commit, a path the policy denies create on (the
# rename is refused since 5a52c6d). A "delete" of .git in trash mode still
# moves it away the same way. The broker must refuse to move or trash a
# folder below which the policy denies something.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

HOSTOP=$(cat "$TEST_SRCDIR/helpers/broker-hostop.py") # python3 -c "$HOSTOP" JSON
fresh_repo()
{
	rm -rf "$WS/.git" "$WS/.git-away"
	mkdir -p "$WS/.git/hooks"
	echo '#!/bin/sh' >"$WS/.git/hooks/pre-commit.sample"
}
write_rules <<EOF
rules:
  - id: ws-delete
    path: .
    allow: [delete]
  - id: hooks
    path: .git/hooks
    deny: [write, create, delete]
EOF

begin_test "broker rename of .git cannot free the denied .git/hooks"
fresh_repo
fsj_sh -- 'python3 -c "$1" "{\"operation\":\"rename\",\"from\":\"$2/.git\",\"to\":\"$2/.git-away\"}"
	mkdir -p .git/hooks && echo "#!/bin/sh" > .git/hooks/pre-commit' "$HOSTOP" "$WS"
assert_not_exists "$WS/.git/hooks/pre-commit"
assert_exists "$WS/.git/hooks/pre-commit.sample"
end_test

begin_test "broker delete (trash) of .git cannot free the denied .git/hooks"
fresh_repo
fsj_sh -- 'python3 -c "$1" "{\"operation\":\"delete\",\"path\":\"$2/.git\",\"deleteMode\":\"trash\"}"
	mkdir -p .git/hooks && echo "#!/bin/sh" > .git/hooks/pre-commit' "$HOSTOP" "$WS"
assert_not_exists "$WS/.git/hooks/pre-commit"
assert_exists "$WS/.git/hooks/pre-commit.sample"
end_test

done_testing
