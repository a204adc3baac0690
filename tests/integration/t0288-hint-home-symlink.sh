#!/bin/bash
# No refusal hint offers the home folder when $HOME is a symbolic link
# (att8, issue 12 item 4). A refused path is the kernel's spelling, the
# target of the link; too_wide() compared it with $HOME as written only, so
# with /home/u a link to /data/u a refused 'ls ~' was offered
# "--grant read:/data/u" (the whole home, recursive) in --report and in
# the summary with 'report: reads'.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

mv "$HOME" "$T/realhome"
ln -s "$T/realhome" "$HOME"
REAL=$T/realhome
cd "$WS" || bail_out "cannot enter $WS"

fsj_sh --report "$T/r.json" -- 'ls ~ >/dev/null; ls ~/ >/dev/null; touch ~/a ~/b'

begin_test "--report: no hint grants the home through its resolved spelling"
[ -s "$T/r.json" ] || fail "no --report lines: $(cat "$ERR")"
python3 - "$T/r.json" "$REAL" >"$T/bad" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    h = json.loads(line).get("hint")
    if h and h["path"].rstrip("/") in (sys.argv[2], "/"):
        print(h["grant"])
PY
[ -s "$T/bad" ] && fail "the home is offered: $(cat "$T/bad")"
grep -q "\"path\":\"$REAL/a\"" "$T/r.json" || fail "the refusal of ~/a is not reported: $(cat "$T/r.json")"
end_test

begin_test "the summary: no grant of the home, the files in it still offered"
grep -q -- "--grant [a-z,]*:$REAL " "$ERR" && fail "the summary offers the home: $(grep -- "$REAL " "$ERR")"
grep -q -- "--grant write,create:$REAL/a" "$ERR" || fail "no hint for ~/a: $(cat "$ERR")"
end_test

done_testing
