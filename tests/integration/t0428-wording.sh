#!/bin/bash
# Wording (msg29): the --ask hint named "--deny answer" for a script, but
# the option is --answer-deny (--deny takes CAPS:PATH); and a workspace of
# "/" was refused because "the whole home would be writable" — it is the
# whole file system. Both now say what is true; the home still says home.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

begin_test "run --ask without a terminal: the hint names --answer-deny, which works"
NOTES=$HOME/notes.txt
echo original >"$NOTES"
setsid -w "$FSJAIL" run --workspace "$WS" --ask -- sh -c "echo changed > $NOTES" </dev/null \
	>"$OUT" 2>"$ERR"
RC=$?
assert_rc 3
assert_err_match "^hint: --yes-once or --answer-deny for a script;"
grep -q -- '--deny answer' "$ERR" && fail "the old words: $(cat "$ERR")"
setsid -w "$FSJAIL" run --workspace "$WS" --ask --answer-deny -- sh -c "echo changed > $NOTES" \
	</dev/null >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" = 3 ] && fail "--answer-deny as the hint says did not answer: $(cat "$ERR")"
assert_content "$NOTES" original
end_test

begin_test "cd /; fsjail run: refused, and it says the whole file system"
(cd / && "$FSJAIL" run -- touch "$HOME/made-root") >"$OUT" 2>"$ERR"
RC=$?
assert_rc 125
assert_not_exists "$HOME/made-root"
assert_err_match "it is the root directory: the whole file system would be writable and deletable"
grep -q 'whole home' "$ERR" && fail "/ said the whole home: $(cat "$ERR")"
end_test

begin_test "--workspace \$HOME: refused, the whole home"
run_cmd "$FSJAIL" run --workspace "$HOME" -- touch "$HOME/made-home"
assert_rc 125
assert_not_exists "$HOME/made-home"
assert_err_match "it is the home directory: the whole home would be writable and deletable"
end_test

done_testing
