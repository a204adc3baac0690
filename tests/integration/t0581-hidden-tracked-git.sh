#!/bin/bash
# A read deny on a file or folder git tracks is carried by a mount mask:
# inside the run the file reads as empty and the folder as empty, so git
# sees the file emptied and the folder's files deleted, and `git add -A`
# or `git commit -a` records that in the repository, which outlives the
# run. fsjail said nothing (no refusal: nothing failed), and a later
# `git reset --hard` outside wrote the empty file over the real one.
# Now the run says, after the command, which entries git's index lost or
# changed below each hidden path, with the read deny's rule; a run whose
# git leaves them alone, and a hidden path git does not track, say
# nothing. A hidden file git did not track, added by git add -A as the
# mask's empty file, is said too. Index versions 2 and 4
# (prefix-compressed names).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0581_USER 3

# assert_err_nomatch ERE: stderr of the last run has no line matching ERE.
assert_err_nomatch()
{
	if grep -Eq -- "$1" "$ERR"; then
		fail "stderr matches /$1/ but must not"
		diag_last
	fi
}
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS
git_env
cd "$WS" && git init -q && echo SECRET=1 >.env && mkdir secrets && echo k1 >secrets/k1 &&
	echo k2 >secrets/k2 && echo a >a && git add -A && git commit -qm a &&
	echo u >untracked.key ||
	bail_out "cannot make a repository in $WS"
write_rules <<EOF2
rules:
  - id: no-env
    path: .env
    deny: [read]
  - id: no-secrets
    path: secrets
    deny: [read]
  - id: no-key
    path: untracked.key
    deny: [read]
EOF2

begin_test "git add -A inside records the hidden paths changed: the run says which, with the rule"
fsj -- git add -A
assert_rc 0
[ "$(git diff --cached --name-status | sort | tr '\n' ' ')" = "A	untracked.key D	secrets/k1 D	secrets/k2 M	.env " ] ||
	fail "git did not record what the masks hide: $(git diff --cached --name-status)"
assert_err_match "^fsjail: note: git's index of $WS now records \.env \(emptied\), which the read deny of explicit rule 'no-env' at $RULES:2 hid"
assert_err_match "^fsjail: note: git's index of $WS now records secrets/k1 \(deleted\), secrets/k2 \(deleted\), which the read deny of explicit rule 'no-secrets'"
assert_err_match "^fsjail: note: git's index of $WS now records untracked\.key \(added, empty\), which the read deny of explicit rule 'no-key'"
git reset -q
end_test

begin_test "a commit of other files leaves them alone: nothing said, with index version 4 too"
git update-index --index-version 4
fsj -- bash -c 'echo b >>a && git add a && git commit -qm b'
assert_rc 0
assert_err_nomatch "index of"
fsj --quiet -- git commit -qam c
assert_rc 0
assert_err_match "now records \.env \(emptied\), which"
assert_err_match "now records secrets/k1 \(deleted\), secrets/k2 \(deleted\), which"
assert_err_nomatch "untracked"
[ "$(cat .env)" = SECRET=1 ] || fail ".env on disk changed: $(cat .env)"
end_test

begin_test "nothing is said without a read deny inside a repository"
clear_rules
git reset -q --soft HEAD~1 && git reset -q
fsj -- git add -A
assert_rc 0
assert_err_nomatch "index of"
end_test

end_user_pass
done_testing
