#!/bin/bash
# The command itself refused execution (user8): a program in ~/bin (on
# PATH: Debian's ~/.profile adds it), which the baseline does not grant,
# failed with "fsjail: cannot execute 'mytool': Permission denied" (126)
# and a note that refused executes are not listed: nothing said why, nor
# how to allow it. fsjail found the command itself (its PATH search), so
# the refusal is now in the summary with the rule and a grant, and the
# grant holds read too (Landlock refuses an exec without READ_FILE), so
# pasting it makes the command run in one round. A command that exits 126
# by itself, or one refused by its mode, gets no such line; the note that
# refused reads and executes are not listed is left out (nothing ran).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

mkdir -p "$HOME/bin"
cp "$(type -P true)" "$HOME/bin/mybin"
printf '#!/bin/sh\necho mytool ran\n' >"$HOME/bin/mytool"
chmod 755 "$HOME/bin/mybin" "$HOME/bin/mytool"
export PATH="$HOME/bin:$PATH"

begin_test "a program in ~/bin refused: the summary names it and the grant"
fsj -- mybin
assert_rc 126
assert_err_match "execute $HOME/bin/mybin: default"
assert_err_match "--grant read,execute:$HOME/bin/mybin "
# nothing ran: no note that refused reads and executes go unlisted
if grep -q 'are not listed' "$ERR"; then fail "the note on unlisted refusals: $(cat "$ERR")"; fi
end_test

begin_test "the grant offered makes it run"
fsj --grant "read,execute:$HOME/bin/mybin" -- mybin
assert_rc 0
fsj --grant "read,execute:$HOME/bin/mytool" -- mytool
assert_rc 0
assert_out_match 'mytool ran'
end_test

begin_test "by its path, and --status-fd has the refusal"
"$FSJAIL" run --workspace "$WS" --status-fd 3 -- "$HOME/bin/mytool" 3>"$T/status" >"$OUT" 2>"$ERR"
RC=$?
assert_rc 126
assert_err_match "execute $HOME/bin/mytool: default"
grep -q '"refused".*"capability":"execute"' "$T/status" ||
	grep -q '"capability":"execute".*"refused"' "$T/status" ||
	fail "no refused execute on --status-fd: $(cat "$T/status")"
end_test

begin_test "a command that exits 126 itself, or a file without x: no refusal line"
fsj -- sh -c 'exit 126'
assert_rc 126
assert_out_nomatch 'refusal'
printf '#!/bin/sh\n' >"$WS/notx"
chmod 644 "$WS/notx"
fsj -- "$WS/notx"
assert_rc 126
assert_out_nomatch 'refusal'
end_test

done_testing
