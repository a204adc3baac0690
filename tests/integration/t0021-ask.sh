#!/bin/bash
# Asking before running and `fsjail allow` (issue 5): `fsjail run --ask`
# analyses the command first; without a terminal nothing runs and the
# missing pairs are printed as JSON (exit 3); a refusal runs nothing
# (exit 4) and leaves the rules file alone; --deny and --yes-once answer
# for scripts; the card is driven through a pseudo-terminal (deny, allow
# once, always allow); allow once does not leak into the next run; always
# allow writes exactly the narrowest rule. `fsjail allow` lists, adds,
# removes and clears rules keeping the file's comments, and refuses
# protected paths, unknown capabilities and files it cannot edit in place.
#
# The first part runs nothing in a sandbox; the second needs Landlock.
. "$(dirname "$0")/libserial.sh" pty

plan 26
setup

PTY=$TEST_SRCDIR/helpers/pty-answer.py
PROMPT='[d]eny, allow [o]nce, [a]lways allow?'
AUDIT=$STATE_DIR/audit.ndjson
NOTES=$HOME/notes.txt

# ask_run ARGS...: fsjail run --workspace $WS ARGS in a new session without
# a controlling terminal; sets OUT, ERR, RC.
ask_run()
{
	setsid -w "$FSJAIL" run --workspace "$WS" "$@" </dev/null >"$OUT" 2>"$ERR"
	RC=$?
	LAST_CMD="setsid fsjail run --workspace $WS $(printf '%q ' "$@")"
	[ "${FSJAIL_TEST_VERBOSE:-0}" = 1 ] && diag_last
	return 0
}

# pty_run ANSWER ARGS...: fsjail run on a pseudo-terminal, answering the
# card with ANSWER; the terminal's output in $OUT.
pty_run()
{
	local answer=$1
	shift
	/usr/bin/python3 "$PTY" "$PROMPT" "$answer" "$OUT" -- \
		"$FSJAIL" run --workspace "$WS" "$@" 2>"$ERR"
	RC=$?
	LAST_CMD="(pty, answer $answer) fsjail run --workspace $WS $(printf '%q ' "$@")"
	[ "${FSJAIL_TEST_VERBOSE:-0}" = 1 ] && diag_last
	return 0
}

# audit_has ERE: a line of the audit log matches ERE.
audit_has()
{
	if ! grep -Eq -- "$1" "$AUDIT" 2>/dev/null; then
		fail "no audit line matches /$1/"
		diag_file audit "$AUDIT"
		return 1
	fi
}

# --- fsjail allow -----------------------------------------------------------
begin_test "allow: an empty rules file lists nothing"
run_cmd "$FSJAIL" allow --workspace "$WS"
assert_rc 0
assert_out_match '^no rules in '
end_test

begin_test "allow add: relative paths resolve against the workspace; a missing path is a file rule"
mkdir -p "$WS/sub"
run_cmd "$FSJAIL" allow --workspace "$WS" add write,create sub
assert_rc 0
run_cmd "$FSJAIL" allow --workspace "$WS" add read x.txt
assert_rc 0
run_cmd "$FSJAIL" allow --workspace "$WS"
assert_out_match "^1\\. $WS/sub allow write,create "
assert_out_match "^2\\. $WS/x.txt \\(this path only\\) allow read "
end_test

begin_test "allow add: folder|file override the narrowest choice"
run_cmd "$FSJAIL" allow --workspace "$WS" add execute bin folder
assert_rc 0
run_cmd "$FSJAIL" allow --workspace "$WS"
assert_out_match "^3\\. $WS/bin allow execute "
end_test

begin_test "allow add: a protected path is refused with its entry named; file untouched"
snapshot "$RULES"
run_cmd "$FSJAIL" allow --workspace "$WS" add write /etc/hosts
assert_rc 125
assert_err_match "protected path.*write"
assert_unchanged "$RULES"
end_test

begin_test "allow add: an unknown capability is refused; file untouched"
run_cmd "$FSJAIL" allow --workspace "$WS" add read,fly x
assert_rc 125
assert_err_match "unknown capability 'fly'"
assert_unchanged "$RULES"
end_test

begin_test "allow add/remove/clear keep comments and other rules byte for byte"
cat >"$RULES" <<EOF
# my rules
rules:   # keep me
  # first
  - id: one
    path: "$WS/a"   # trailing
    allow: [read]
    hits: 3

  - {path: $WS/b, allow: [write]}
# end comment
EOF
run_cmd "$FSJAIL" allow --workspace "$WS" add execute tool
assert_rc 0
head -n 9 "$RULES" >"$T/head"
if ! printf '# my rules\nrules:   # keep me\n  # first\n  - id: one\n    path: "%s/a"   # trailing\n    allow: [read]\n    hits: 3\n\n  - {path: %s/b, allow: [write]}\n' "$WS" "$WS" | cmp -s - "$T/head"; then
	fail "the existing text changed"
	diag_file rules "$RULES"
fi
grep -q '^# end comment$' "$RULES" || fail "the closing comment is gone"
grep -q "^  - path: \"$WS/tool\"\$" "$RULES" || fail "the new rule is not in the list's style"
run_cmd "$FSJAIL" allow --workspace "$WS" remove 2
assert_rc 0
if grep -q "$WS/b" "$RULES" || ! grep -q 'id: one' "$RULES" || ! grep -q "$WS/tool" "$RULES"; then
	fail "remove 2 did not remove exactly rule 2"
	diag_file rules "$RULES"
fi
run_cmd "$FSJAIL" allow --workspace "$WS" clear
assert_rc 0
run_cmd "$FSJAIL" allow --workspace "$WS"
assert_out_match '^no rules in '
grep -q '^# my rules$' "$RULES" && grep -q '^# end comment$' "$RULES" ||
	fail "clear lost the comments outside the rules"
end_test

begin_test "allow remove: a rule number that does not exist is refused"
run_cmd "$FSJAIL" allow --workspace "$WS" remove 7
assert_rc 125
end_test

begin_test "allow: a file with anchors is refused, never rewritten"
cat >"$RULES" <<EOF
rules:
  - &r
    path: $WS/a
    allow: [read]
EOF
snapshot "$RULES"
run_cmd "$FSJAIL" allow --workspace "$WS" add read b
assert_rc 125
assert_err_match 'anchors'
assert_unchanged "$RULES"
end_test

begin_test "allow: a symlinked rules file is refused, never replaced"
cat >"$T/real-rules.yaml" <<EOF
rules: []
EOF
rm -f "$RULES"
ln -s "$T/real-rules.yaml" "$RULES"
run_cmd "$FSJAIL" allow --workspace "$WS" add read b
assert_rc 125
assert_err_match 'symbolic link'
[ -L "$RULES" ] || fail "the symlink was replaced"
rm -f "$RULES"
end_test

# --- run --ask without running anything -------------------------------------
echo original >"$NOTES"

begin_test "run --ask without a terminal: nothing runs, exit 3, JSON of the missing pairs"
ask_run --ask -- sh -c "echo changed > $NOTES"
assert_rc 3
assert_content "$NOTES" original
assert_err_match "^hint: --yes-once or --answer-deny for a script; --ask-fd N --answer-fd N"
if ! grep -q "^{\"schema\":\"fsjail-ask/1\",\"overall\":\"prompt\"" "$ERR" ||
   ! grep -q "\"missing\":\\[{\"path\":\"$NOTES\",\"capability\":\"write\",\"folder_only\":false}\\]" "$ERR"; then
	fail "no JSON of the missing pair on stderr"
	diag_file stderr "$ERR"
fi
end_test

begin_test "run --ask: a protected path refuses, exit 4, nothing runs, rules untouched, audit source policy"
printf 'rules: []\n' >"$RULES"
snapshot "$RULES"
ask_run --ask -- sh -c "echo x >> /etc/passwd; echo ran > $WS/ran"
assert_rc 4
assert_not_exists "$WS/ran"
assert_unchanged "$RULES"
audit_has '"capability":"write","path":"/etc/passwd".*"decision":"deny","source":"policy"'
end_test

begin_test "run --deny: nothing runs, exit 4, rules untouched, audit source harness"
ask_run --deny -c "echo changed > $NOTES"
assert_rc 4
assert_content "$NOTES" original
assert_unchanged "$RULES"
audit_has "\"path\":\"$NOTES\".*\"decision\":\"deny\",\"source\":\"harness\""
end_test

begin_test "run --ask: -c LINE and a command together is an error"
ask_run --ask -c 'true' -- true
assert_rc 125
end_test

begin_test "the card on a terminal, answer deny: nothing runs, exit 4"
pty_run d --ask -- sh -c "echo changed > $NOTES"
assert_rc 4
assert_content "$NOTES" original
assert_out_match 'command: sh -c'
assert_out_match "write +$NOTES"
assert_out_match 'sandbox: tier [a-z]+'
assert_unchanged "$RULES"
end_test

# --- runs: Landlock needed ---------------------------------------------------
require_landlock

begin_test "run --ask: a command the rules allow runs without asking"
ask_run --ask -- sh -c "echo hi > $WS/hi"
assert_rc 0
assert_content "$WS/hi" hi
end_test

begin_test "run --yes-once: the command runs with a session grant; rules untouched"
ask_run --yes-once -- sh -c "echo once >> $NOTES"
assert_rc 0
assert_content "$NOTES" "original
once"
assert_unchanged "$RULES"
audit_has "\"path\":\"$NOTES\".*\"decision\":\"allow-once\",\"source\":\"harness\""
end_test

begin_test "allow once does not leak: the next run asks again"
ask_run --ask -- sh -c "echo again >> $NOTES"
assert_rc 3
assert_content "$NOTES" "original
once"
end_test

begin_test "without --ask the same command is stopped by the kernel"
fsj -- sh -c "echo plain >> $NOTES"
assert_denied
assert_content "$NOTES" "original
once"
end_test

begin_test "the card, answer allow once: runs; the rules file is untouched"
pty_run o --ask -- sh -c "echo card >> $NOTES"
assert_rc 0
assert_content "$NOTES" "original
once
card"
assert_unchanged "$RULES"
end_test

begin_test "the card, answer always allow: exactly the narrowest rule is written, then it runs"
pty_run a --ask -- sh -c "echo always >> $NOTES"
assert_rc 0
assert_content "$NOTES" "original
once
card
always"
if ! grep -q "^  - path: \"$NOTES\"\$" "$RULES" || ! grep -q '^    recursive: false$' "$RULES" ||
   ! grep -q '^    allow: \[write\]$' "$RULES" || [ "$(grep -c -- '- path:' "$RULES")" != 1 ]; then
	fail "rules.yaml does not hold exactly the rule for $NOTES"
	diag_file rules "$RULES"
fi
audit_has "\"path\":\"$NOTES\".*\"decision\":\"allow-always\",\"source\":\"human\""
end_test

begin_test "after always allow, the same command runs without asking"
ask_run --ask -- sh -c "echo later >> $NOTES"
assert_rc 0
run_cmd "$FSJAIL" check --workspace "$WS" -- "echo x >> $NOTES"
assert_rc 0
end_test

begin_test "always allow on an existing folder writes a recursive rule"
mkdir -p "$HOME/proj"
echo inside >"$HOME/proj/f"
pty_run a --ask -- grep -r inside "$HOME/proj"
assert_rc 0
assert_out_match "^$HOME/proj/f:inside"
if ! grep -q "^  - path: \"$HOME/proj\"\$" "$RULES" ||
   ! grep -A2 "^  - path: \"$HOME/proj\"\$" "$RULES" | grep -q '^    recursive: true$'; then
	fail "no recursive rule for the folder"
	diag_file rules "$RULES"
fi
end_test

begin_test "run -c LINE with --yes-once runs bash -c LINE"
ask_run --yes-once -c "echo c-line > $HOME/c.txt"
assert_rc 0
assert_content "$HOME/c.txt" c-line
end_test

begin_test "an unresolved path: allow once grants nothing on its folder; the card's [f]older does"
# the workspace grants delete by default: use a folder a rule opens for
# everything but delete, so that asking is needed
mkdir -p "$HOME/u"
echo old >"$HOME/u/old.txt"
write_rules <<EOF
rules:
  - path: "$HOME/u"
    allow: [read, write, create, execute]
EOF
snapshot "$RULES"
ask_run --yes-once -c "cd '$HOME/u' && f=\$(echo old.txt); rm -f ./\"\$f\""
assert_rc_not 0
assert_content "$HOME/u/old.txt" old
audit_has "\"capability\":\"delete\",\"path\":\"$HOME/u\".*\"decision\":\"not-granted\""
/usr/bin/python3 "$PTY" "allow the [f]older once?" a "$OUT" -- "$FSJAIL" run --workspace "$WS" \
	--ask -c "cd '$HOME/u' && f=\$(echo old.txt); rm -f ./\"\$f\"" 2>"$ERR"
RC=$?
assert_rc_not 0 "always is not the folder"
assert_content "$HOME/u/old.txt" old
assert_unchanged "$RULES"
assert_out_match 'computed when it runs'
/usr/bin/python3 "$PTY" "allow the [f]older once?" folder "$OUT" -- "$FSJAIL" run --workspace "$WS" \
	--ask -c "cd '$HOME/u' && f=\$(echo old.txt); rm -f ./\"\$f\"" 2>"$ERR"
RC=$?
assert_rc 0
assert_not_exists "$HOME/u/old.txt"
assert_unchanged "$RULES"
clear_rules
end_test

begin_test "answers are whole words or single letters: 'allow once' is once, 'abort' asks again"
echo original >"$HOME/n3.txt"
printf 'rules: []\n' >"$RULES"
snapshot "$RULES"
pty_run "abort,allow once" --ask -- sh -c "echo y > $HOME/n3.txt"
assert_rc 0
assert_out_match 'please answer'
assert_content "$HOME/n3.txt" y
assert_unchanged "$RULES"
clear_rules
end_test

begin_test "the card reads again after an unknown answer"
echo original >"$HOME/n2.txt"
pty_run x --ask -- sh -c "echo y > $HOME/n2.txt"
# "x" is not an answer: the card asks again and gets end of file: deny
assert_rc 4
assert_out_match 'please answer d, o or a'
assert_content "$HOME/n2.txt" original
end_test

done_testing
