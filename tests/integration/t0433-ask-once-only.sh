#!/bin/bash
# --ask offered "always" for a private key (sec30): `cat ~/.ssh/id_ed25519`
# put deny, once and always on the card and in the harness request, and
# "always" wrote a rule reading the key to the rules file for every later
# run. A missing pair at, under or over a credential (baseline secrets:)
# or a protected path (~/.bashrc, which the host runs later) is now
# offered "once" at most: "always" is neither on the card nor in the
# request's answers, an "always" sent anyway is deny and writes no rule,
# and the card says why. An ordinary path still gets "always". As root
# and again as FSJAIL_TEST_USER.
. "$(dirname "$0")/libserial.sh" pty

plan_user_pass FSJ_T0433_USER 4
setup
command -v python3 >/dev/null || bail_out "python3 is needed"
PTY=$TEST_SRCDIR/helpers/pty-answer.py
mkdir -p "$HOME/.ssh"
echo "PRIVATE KEY" >"$HOME/.ssh/id_ed25519"
echo "# the user's bashrc" >"$HOME/.bashrc"
echo notes >"$HOME/notes.txt"

# ask_fd ANSWER PATH: fsjail run --ask-fd/--answer-fd -- cat PATH, the
# harness answering ANSWER; the request in $T/req.
ask_fd()
{
	fsj --ask-fd 3 --answer-fd 4 -- cat "$2" 3>"$T/req" 4< <(echo "$1")
}

# answers: the request's "answers", comma-separated
answers()
{
	python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["answers"]))' "$T/req"
}

begin_test "the harness request for ~/.ssh/id_ed25519 and ~/.bashrc offers deny and once, not always"
for p in "$HOME/.ssh/id_ed25519" "$HOME/.bashrc"; do
	ask_fd deny "$p"
	assert_rc 4
	[ "$(answers)" = deny,once ] || fail "$p: answers $(answers): $(cat "$T/req")"
done
ask_fd deny "$HOME/notes.txt"
[ "$(answers)" = deny,once,always ] || fail "notes.txt: answers $(answers)"
end_test

begin_test "\"always\" sent anyway for the key is deny, and no rule is written"
ask_fd always "$HOME/.ssh/id_ed25519"
assert_rc 4
assert_out_nomatch 'PRIVATE KEY'
assert_err_match "'always' is not an answer \\(deny, once\\): taken as deny"
grep -qs id_ed25519 "$RULES" && fail "a rule for the key: $(cat "$RULES")"
ask_fd once "$HOME/.ssh/id_ed25519"
assert_rc 0
assert_out_match 'PRIVATE KEY'
grep -qs id_ed25519 "$RULES" && fail "once wrote a rule: $(cat "$RULES")"
end_test

begin_test "the card offers no always for the key, says why, and asks again on a"
/usr/bin/python3 "$PTY" '[d]eny, allow [o]nce?' a,o "$OUT" -- \
	"$FSJAIL" run --workspace "$WS" --ask -- cat "$HOME/.ssh/id_ed25519" 2>"$ERR"
RC=$?
assert_rc 0
assert_out_match 'always is not offered \(once at most\): .*/\.ssh/id_ed25519: a secret: .*/\.ssh'
assert_out_match 'please answer d, o \(deny, once\)'
assert_out_nomatch '\[a\]lways'
grep -qs id_ed25519 "$RULES" && fail "a rule for the key: $(cat "$RULES")"
end_test

begin_test "an ordinary file still gets always, which writes its rule"
ask_fd always "$HOME/notes.txt"
assert_rc 0
assert_out_match '^notes$'
grep -q "notes.txt" "$RULES" || fail "no rule for notes.txt"
end_test

end_user_pass
done_testing
