#!/bin/bash
# A refusal at a protected path says why it is protected (user16): a
# refused `install -D ... ~/.local/bin/x` read only "protected at
# baseline-linux.yaml:733", though that baseline entry has a note: ("on
# PATH ..."). The note now reaches
# - the run's refusal summary, once, as an indented "why:" line under the
#   first line it explains;
# - each --report line as the optional "rule_note" (absent where the
#   deciding entry has none);
# - `fsjail explain PATH` ("  why: ...") and its --json rule ("note"),
# for ~/.local/bin and for ~/.local/lib (python's user site-packages).
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"

BIN_WHY="on PATH \(Debian's ~/.profile puts it first\): pip --user and pipx programs"
LIB_WHY="python's user site-packages: a \.pth file there runs at every python start"
mkdir -p "$HOME/.local/bin" "$HOME/.local/lib"
echo "echo hi" >"$WS/prog"

begin_test "the refusal summary says why each protected path is protected, once"
fsj --report "$T/report" -- bash -c 'install -D "$1" ~/.local/bin/x; install -D "$1" ~/.local/bin/y
	echo x >~/.local/lib/x.pth; echo z >"$2"' bash "$WS/prog" "$T/outside"
assert_failed
[ ! -e "$HOME/.local/bin/x" ] && [ ! -e "$HOME/.local/lib/x.pth" ] || fail "a file was made"
assert_err_match "\.local/bin/x: protected at [^;]*baseline-linux\.yaml:[0-9]+; by install"
assert_err_match "^    why: $BIN_WHY; install them outside the run\$"
assert_err_match "^    why: $LIB_WHY\$"
n=$(grep -c "^    why: on PATH" "$ERR")
[ "$n" = 1 ] || { fail "the ~/.local/bin note is said $n times, not once"; diag_last; }
# the line under .local/bin/x is its note
grep -A1 '\.local/bin/x: protected' "$ERR" | tail -n1 | grep -q '^    why: on PATH' ||
	{ fail "the note is not under the line it explains"; diag_last; }
end_test

begin_test "each --report line carries the deciding entry's note, only where it has one"
python3 - "$T/report" "$HOME" <<'PY' || fail "the report's rule_note is wrong"
import json, sys
home = sys.argv[2]
want = {home + "/.local/bin/x": "on PATH (Debian's", home + "/.local/bin/y": "on PATH (Debian's",
        home + "/.local/lib/x.pth": "python's user site-packages"}
seen = set()
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    if o.get("schema") != "fsjail-refusal/1":
        continue
    p = o["path"]
    if p in want:
        assert o.get("rule_note", "").startswith(want[p]), o
        seen.add(p)
    elif p.endswith("/outside"):
        assert "rule_note" not in o, o  # optional: absent without a note
        seen.add(p)
assert len(seen) == 4, seen
PY
end_test

begin_test "fsjail explain says why, in text"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.local/bin/x" "$HOME/.local/lib/x.pth"
assert_rc 0
assert_out_match "^  why: $BIN_WHY; install them outside the run\$"
assert_out_match "^  why: $LIB_WHY\$"
end_test

begin_test "fsjail explain --json gives the rule's note"
run_cmd "$FSJAIL" explain --json --workspace "$WS" "$HOME/.local/bin/x" "$HOME/.local/lib/x.pth"
assert_rc 0
python3 - "$OUT" <<'PY' || { fail "explain --json has no note"; diag_last; }
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
b, l = (p["capabilities"]["create"]["rule"] for p in d["paths"])
assert b["source"] == "protected" and b["note"].startswith("on PATH (Debian's"), b
assert l["source"] == "protected" and l["note"].startswith("python's user site-packages"), l

PY
end_test

done_testing
