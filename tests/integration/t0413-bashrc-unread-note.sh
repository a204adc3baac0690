#!/bin/bash
# An interactive bash says why it reads no ~/.bashrc (user17): `fsjail run
# -- bash -i` printed only bash's own "bash: ~/.bashrc: Permission denied"
# and started without the user's aliases and prompt; the refused read is
# Landlock's, unseen, so neither the summary nor a note named it, and the
# README did not say what to do. Now a note before bash starts names the
# entry that refuses the read, its note, and the two ways on (bash
# --rcfile with a file in the workspace, or a read grant on ~/.bashrc);
# both work. A bash that reads no ~/.bashrc (-c, a script, --norc,
# --rcfile, -l) and --quiet get no note.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
echo "touch '$WS/bashrc-ran'" >"$HOME/.bashrc"
echo "touch '$WS/rc-ran'" >"$WS/rc"
RC_Q=$(printf '%q' "$HOME/.bashrc")
NOTE="^fsjail: note: bash will not read $HOME/\.bashrc \(read refused: baseline at [^ ]*baseline-linux\.yaml:[0-9]+; why: user-data root; a user rule \(explicit level\) can re-open a part of it\), so your aliases and prompt are not set: bash --rcfile FILE -i reads settings from a FILE in the workspace, or fsjail run --grant read:$RC_Q \.\.\. lets it read yours \(what it sources needs the same\)\$"

begin_test "bash -i: a note before bash starts says why ~/.bashrc is not read, and how"
fsj -- bash -i -c 'echo inside' </dev/null
assert_rc 0
assert_out_match '^inside$'
assert_not_exists "$WS/bashrc-ran"
assert_err_match "$NOTE"
# the note comes before bash's own line about the file
n=$(grep -n '^fsjail: note: bash will not read' "$ERR" | cut -d: -f1)
b=$(grep -n "\.bashrc: Permission denied" "$ERR" | cut -d: -f1)
[ -n "$n" ] && [ -n "$b" ] && [ "$n" -lt "$b" ] || { fail "note at line '$n', bash's at '$b'"; diag_last; }
end_test

begin_test "the two ways on the note names work, with no note"
fsj --grant "read:$HOME/.bashrc" -- bash -i -c 'echo inside' </dev/null
assert_rc 0
assert_exists "$WS/bashrc-ran"
assert_out_nomatch 'fsjail: note: bash'
fsj -- bash --rcfile ./rc -i -c 'echo inside' </dev/null
assert_rc 0
assert_exists "$WS/rc-ran"
assert_out_nomatch 'fsjail: note: bash'
end_test

begin_test "a bash that reads no ~/.bashrc gets no note"
echo 'echo script' >"$WS/s.sh"
for args in "-c true" "s.sh" "--norc -i -c true" "-l -c true" "-il -c true"; do
	# shellcheck disable=SC2086 # the words of args are bash's arguments
	fsj -- bash $args </dev/null
	assert_out_nomatch 'fsjail: note: bash' || diag "bash $args"
done
end_test

begin_test "--quiet: no note"
fsj --quiet -- bash -i -c true </dev/null
assert_rc 0
assert_out_nomatch 'fsjail: note: bash'
end_test
