#!/bin/bash
# U+061C ARABIC LETTER MARK is a bidirectional control like RLM (Unicode
# UAX #9), but fsjail's terminal escaping (src/escape.c) let it through
# as it was while escaping LRM, RLM and the embeddings (att23): a name
# the command chose reordered what the run's refusal summary, `fsjail
# log`, `fsjail backups list/show` and the restore printed around it.
# Each now shows its bytes, \xd8\x9c, as for the other bidi controls.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
ALM=$(printf '\330\234')
NAME="a${ALM}b"
: >"$WS/keep"

# no_alm WHAT FILE: FILE holds no raw U+061C, and shows it escaped.
no_alm()
{
	if grep -qF "$ALM" "$2"; then
		fail "$1 prints U+061C raw: $(od -c "$2" | grep -m1 '330 234')"
	elif ! grep -qF 'a\xd8\x9cb' "$2"; then
		fail "$1 does not show the name escaped: $(head -c 400 "$2")"
	fi
}

begin_test "the run's refusal summary and fsjail log escape U+061C"
mkdir -p "$HOME/docs"
fsj -- bash -c '{ echo x >"$HOME/docs/$1"; } 2>/dev/null' bash "$NAME"
assert_rc_not 0
no_alm "the refusal summary" "$ERR"
"$FSJAIL" log >"$OUT" 2>"$ERR"
no_alm "fsjail log" "$OUT"
end_test

begin_test "fsjail backups list and show escape U+061C"
fsj -- bash -c 'echo x >keep; : >"$1"; : "$1"' bash "$NAME"
assert_rc 0
"$FSJAIL" backups list >"$T/list" 2>&1
cycle=$(awk '/echo x >keep/ { print $2; exit }' "$T/list")
[ -n "$cycle" ] || bail_out "the run's cycle is not listed: $(cat "$T/list")"
no_alm "fsjail backups list" "$T/list"
"$FSJAIL" backups show --cycle "$cycle" >"$T/show" 2>&1
no_alm "fsjail backups show" "$T/show"
end_test

begin_test "fsjail backups restore escapes U+061C"
(cd "$WS" && "$FSJAIL" backups restore --workspace "$WS") >"$OUT" 2>"$ERR"
assert_rc 0
cat "$ERR" >>"$OUT"
no_alm "fsjail backups restore" "$OUT"
[ ! -e "$WS/$NAME" ] || fail "the run's file is still there after the restore"
end_test

done_testing
