#!/bin/bash
# A refused gpg signing says what signing needs (user17): `git commit -S`
# in a run with no rules failed with "gpg failed to sign the data" and a
# summary line "no grant offered for create ~/.gnupg/.#lk...: a secret:
# ~/.gnupg (baseline 'secrets:'): grant it by hand if you mean it"; a
# user who then granted read and write to ~/.gnupg failed again, at
# gpg-agent's socket (connect). The summary now names everything signing
# needs on ~/.gnupg, that it holds the secret keys, and the ways on: sign
# outside the run, or the grant (this run) or rule (kept) by hand. The
# grant it names is enough: the commit is then signed. Another program
# refused there (cat of a key) keeps the plain secret line (t0265).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
if ! command -v gpg >/dev/null || ! command -v gpgconf >/dev/null; then
	for _ in 1 2 3 4; do skip "gpg is not installed (apt-get install gnupg)"; done
	done_testing
fi
git_env
export GNUPGHOME=$HOME/.gnupg
trap 'gpgconf --kill gpg-agent 2>/dev/null; cleanup' EXIT
gpg --batch --passphrase '' --quick-gen-key 'T <t@fsjail.invalid>' ed25519 sign never \
	>/dev/null 2>&1 || bail_out "cannot make a gpg key"
KEY=$(gpg --list-secret-keys --with-colons 2>/dev/null | awk -F: '/^fpr/ { print $10; exit }')
git init -q "$WS" && git -C "$WS" config user.signingkey "$KEY"
git -C "$WS" commit -q --allow-empty -m init || bail_out "cannot commit"
G=$HOME/.gnupg
CAPS=read,write,create,delete,connect
ADVICE="a secret: $G \(baseline 'secrets:'\): gpg signing \(git commit -S, git tag -s\) needs read, write, create, delete and connect on all of it \(its keys, its lock and trust files, gpg-agent's socket\); sign outside fsjail after the run \(git commit --amend --no-edit -S\), or grant it by hand if you mean it: fsjail run --grant $CAPS:$G \.\.\. \(this run only\) or fsjail allow add $CAPS $G folder \(kept\)"

begin_test "a refused signing names what gpg needs and the ways on"
fsj --report "$T/report" -- git commit -q -S --allow-empty -m signed
assert_failed
[ "$(git -C "$WS" rev-list --count HEAD)" = 1 ] || fail "a commit was made"
assert_err_match "^  no grant offered for [a-z]+ $G/[^ ]*: $ADVICE\$"
end_test

begin_test "the --report line's hint_reason is the same advice"
python3 - "$T/report" "$G" <<'PY' || { fail "report: $(cat "$T/report")"; diag_last; }
import json, sys
r = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
r = [o for o in r if o.get("path", "").startswith(sys.argv[2] + "/")]
assert r and all(o["hint"] is None and o["command"].startswith("gpg") and
                 o["hint_reason"].startswith("a secret: %s (baseline 'secrets:'): gpg signing "
                                             "(git commit -S" % sys.argv[2]) for o in r), r
PY
end_test

begin_test "the grant the advice names is enough to sign"
fsj --grant "$CAPS:$G" -- git commit -q -S --allow-empty -m signed
assert_rc 0
[ "$(git -C "$WS" log -1 --format=%G?)" = G ] || { fail "the commit is not signed"; diag_last; }
end_test

begin_test "a refusal under ~/.gnupg to another program keeps the plain secret line"
fsj --report "$T/report2" -- cat "$G/pubring.kbx"
assert_failed
assert_err_match "^  no grant offered for read $G/pubring\.kbx: a secret: $G \(baseline 'secrets:'\): grant it by hand if you mean it\$"
assert_out_nomatch "gpg signing"
end_test
