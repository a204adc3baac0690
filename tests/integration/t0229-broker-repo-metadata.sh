#!/bin/bash
# The listener guards repository metadata with rules the broker's policy
# and fence checks did not see: a repository the command made (hooks by
# .sample name only, inert config keys), a repository outside the
# workspace, and a HEAD planted for git's discovery. Through the broker
# (fsjail-broker(7)) a command copied a hook into each, renamed a config
# with core.fsmonitor over theirs, touched HEAD in the workspace, renamed
# a prepared gitdir into place and copied an exec line into a rebase todo
# list, or took a read-write token for such a config and wrote it; the
# user's next git ran the planted code (found by att3). The
# broker now refuses every operation on a name those rules concern
# (src/broker-repo.c); a plain one still works.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
git_env
startup_files

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"
MARK=$T/planted
OUTREPO=$T/out.git
git init -q --bare "$OUTREPO"
mkdir "$WS/src"
printf '#!/bin/sh\ntouch %s\n' "$MARK" >"$WS/src/hook"
chmod +x "$WS/src/hook"
printf '[core]\n\trepositoryformatversion = 0\n\tfsmonitor = touch %s\n' "$MARK" >"$WS/src/cfg"

# Each line of the script below is one broker request; B prints its reply.
# shellcheck disable=SC2016
script='B() { ./bc "{\"id\":\"x\",\"command\":\"HostFileOperation\",$1,\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"; }
git init -q made
B "\"operation\":\"copy\",\"from\":\"$1/hook\",\"to\":\"$PWD/made/.git/hooks/post-checkout\""
B "\"operation\":\"copy\",\"from\":\"$1/hook\",\"to\":\"$2/hooks/pre-receive\""
cp "$1/cfg" cfg1; cp "$1/cfg" cfg2
B "\"operation\":\"rename\",\"from\":\"$PWD/cfg1\",\"to\":\"$PWD/made/.git/config\""
B "\"operation\":\"rename\",\"from\":\"$PWD/cfg2\",\"to\":\"$2/config\""
B "\"operation\":\"touch\",\"path\":\"$PWD/HEAD\""
mkdir -p prep/objects prep/refs/heads; cp "$1/cfg" prep/config; echo "ref: refs/heads/main" >prep/HEAD
B "\"operation\":\"rename\",\"from\":\"$PWD/prep\",\"to\":\"$PWD/side\""
B "\"operation\":\"link\",\"symbolic\":true,\"from\":\"$1/hook\",\"to\":\"$PWD/made/.git/hooks/pre-commit\""'

begin_test "broker requests on repository metadata are refused"
# the outside repository is opened to the command by a one-run grant
fsj_sh --grant read,write,create,delete:"$OUTREPO" -- "$script" "$WS/src" "$OUTREPO"
n=$(grep -c '"ok":true' "$OUT")
[ "$n" = 0 ] || fail "$n broker request(s) went through: $(grep '"ok":true' "$OUT")"
assert_not_exists "$WS/HEAD"
assert_not_exists "$WS/side"
end_test

begin_test "git outside runs nothing the command planted"
git -C "$WS/made" status >/dev/null 2>&1
git -C "$WS/made" commit -q --allow-empty -m x >/dev/null 2>&1
git -C "$WS/made" checkout -q -b y >/dev/null 2>&1
git --git-dir="$OUTREPO" config --list >/dev/null 2>&1
assert_not_exists "$MARK"
assert_not_exists "$OUTREPO/hooks/pre-receive"
grep -q fsmonitor "$OUTREPO/config" && fail "the outside repository's config was replaced"
end_test

begin_test "an exec line copied into the rebase todo list by the broker never lands"
(cd "$WS" && git init -q -b main rb && cd rb && for i in 1 2 3; do git commit -q --allow-empty -m c$i; done &&
	GIT_SEQUENCE_EDITOR='sed -i s/^pick/edit/' git rebase -q -i HEAD~2) >/dev/null 2>&1
[ -f "$WS/rb/.git/rebase-merge/git-rebase-todo" ] || bail_out "the rebase did not stop"
# shellcheck disable=SC2016
fsj_sh -- 'echo "exec touch $1" >todo
./bc "{\"id\":\"t\",\"command\":\"HostFileOperation\",\"operation\":\"copy\",\"from\":\"$PWD/todo\",\"to\":\"$PWD/rb/.git/rebase-merge/git-rebase-todo\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$MARK"
assert_out_match '"ok":false'
(cd "$WS/rb" && git rebase --continue) >/dev/null 2>&1 </dev/null
assert_not_exists "$MARK"
(cd "$WS/rb" && git rebase --abort) >/dev/null 2>&1
end_test

begin_test "no read-write token for a config the listener guards"
# shellcheck disable=SC2016
fsj_sh --grant read,write,create,delete:"$OUTREPO" -- 'git init -q made3
for f in "$2/config" "$PWD/made3/.git/config"; do
	printf "fsjail.read-write\t%s\t%s\t%s\n" "$f" "$FSJAIL_SESSION_ID" "$FSJAIL_CALL_ID" |
		./bc -w "$(printf "[core]\n\tfsmonitor = touch %s\n" "$1")"
done' "$MARK" "$OUTREPO"
assert_out_nomatch '^FD'
git -C "$WS/made3" status >/dev/null 2>&1
assert_not_exists "$MARK"
grep -q fsmonitor "$OUTREPO/config" "$WS/made3/.git/config" && fail "fsmonitor landed"
end_test

begin_test "a plain broker rename of a folder still works"
mkdir -p "$WS/plain/a/b"
echo hi >"$WS/plain/a/b/c"
# shellcheck disable=SC2016
fsj_sh -- './bc "{\"id\":\"p\",\"command\":\"HostFileOperation\",\"operation\":\"rename\",\"from\":\"$PWD/plain\",\"to\":\"$PWD/plain2\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"'
assert_out_match '"ok":true'
assert_content "$WS/plain2/a/b/c" hi
end_test

done_testing
