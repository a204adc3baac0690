#!/bin/bash
# The baseline note: a refusal shows (t0400) is kept by the compiled-policy
# cache and reaches a terminal escaped:
#   1. the cached baseline entry (format 3) holds the ~/.local/bin note and
#      an explain from it says why; an entry of the old format 2 (no notes)
#      is re-read from the YAML and written anew, never misread;
#   2. a note with control characters (a baseline copy in FSJAIL_DATADIR)
#      is shown as \xHH in the summary and in explain, and is exact in
#      explain --json and the --report line.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"

mkdir -p "$HOME/.local/bin"
WHY='^  why: on PATH \(Debian'"'"'s ~/.profile puts it first\)'
# entries: the cache entries of the baseline copy in $T/data (a tier each)
entries() { grep -l -s -a "file=[0-9]*:$T/data/baseline-linux.yaml" "$STATE_DIR"/policy/pc-*; }

begin_test "the policy cache keeps the note; an entry of format 2 is re-read"
# the baseline is aged past the racy-clean margin (2 s) in its own copy
cp -R "$FSJAIL_DATADIR" "$T/data"
touch -d '-1 hour' "$T/data/baseline-linux.yaml"
sleep 3
export FSJAIL_DATADIR=$T/data
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.local/bin/x"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.local/bin/x"
set -- $(entries)
if [ $# = 0 ]; then
	fail "no cache entry of the baseline in $STATE_DIR/policy"
else
	head -qn1 "$@" | grep -vqx 'fsjail-policy-cache 3' && fail "an entry is not of format 3"
	grep -qa "pip --user and pipx programs; install them outside the run" "$@" ||
		fail "no entry has the note"
	assert_out_match "$WHY"
	# the same entries as format 2 wrote them: no note field
	python3 - "$@" <<'PY' || fail "cannot forge the old entries"
import re, sys
for f in sys.argv[1:]:
    b = open(f, "rb").read().replace(b"fsjail-policy-cache 3\n", b"fsjail-policy-cache 2\n", 1)
    b = b.replace(b"format=3 ", b"format=2 ", 1)
    b = re.sub(rb" (-:|[0-9]+:[^\n]*?)\n(?=[01] )", b"\n", b)  # best effort: drop notes
    open(f, "wb").write(b)
PY
	head -qn1 "$@" | grep -vqx 'fsjail-policy-cache 2' && fail "a forged entry is not of format 2"
	run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.local/bin/x"
	assert_rc 0
	assert_out_match "$WHY"
	head -qn1 "$@" | grep -vqx 'fsjail-policy-cache 3' && fail "an entry was not written anew"
fi
end_test

begin_test "a note's control characters are escaped on a terminal, exact in JSON"
rm -rf "$STATE_DIR/policy"
python3 - "$T/data/baseline-linux.yaml" <<'PY' || fail "cannot edit the baseline copy"
import re, sys
p = sys.argv[1]
s = open(p, encoding="utf-8").read()
# the folded note of ~/.local/bin becomes a double-quoted one with ESC and BEL
s, n = re.subn(r"(  - path: \$\{HOME\}/\.local/bin\n    deny: \[write, create, delete\]\n)"
               r"    note: >-\n(?:      .*\n)+", r'\1    note: "on PATH\\e[31m red\\x07"\n', s)
assert n == 1
open(p, "w", encoding="utf-8").write(s)
PY
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.local/bin/x"
assert_rc 0
assert_out_match '^  why: on PATH\\x1b\[31m red\\x07$'
grep -q "$(printf '\033')" "$OUT" && fail "explain printed a raw ESC"
fsj --report "$T/report" -- touch "$HOME/.local/bin/x"
assert_failed
assert_err_match '^    why: on PATH\\x1b\[31m red\\x07$'
grep -q "$(printf '\033')" "$ERR" && fail "the summary printed a raw ESC"
python3 - "$T/report" <<'PY' || fail "the report's rule_note is not exact"
import json, sys
o = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")][0]
assert o["rule_note"] == "on PATH\x1b[31m red\x07", o
PY
run_cmd "$FSJAIL" explain --json --workspace "$WS" "$HOME/.local/bin/x"
python3 - "$OUT" <<'PY' || fail "explain --json's note is not exact"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["paths"][0]["capabilities"]["write"]["rule"]["note"] == "on PATH\x1b[31m red\x07", d
PY
end_test

done_testing
