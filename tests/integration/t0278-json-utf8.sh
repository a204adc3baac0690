#!/bin/bash
# What fsjail writes as JSON for harnesses is valid UTF-8 (RFC 8259 8.1;
# fsjail-json(7)), whatever bytes the command put in a name: a path on
# Linux is any bytes but '/' and NUL, and a strict reader (Python's json,
# jq) refuses a whole file for one ill-formed byte (att7: a refused name
# with \xff\xfe broke every line of --report after it). A string that is
# not UTF-8 is written with U+FFFD for each bad byte, and a member NAME so
# changed has NAME_hex beside it with the exact bytes.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed to read the JSON"

BAD=$'d/x\xff\xfey'
BAD_HEX=$(printf '%s' "$WS/$BAD" | od -An -tx1 | tr -d ' \n')

# strict FILE [HEX]: every line of FILE decodes as UTF-8 and parses as a
# JSON object; with HEX, some object has a *_hex member equal to HEX.
strict()
{
	python3 - "$@" <<'PY'
import json, sys
raw = open(sys.argv[1], "rb").read()
text = raw.decode("utf-8")  # raises on an ill-formed byte
objs = [json.loads(l) for l in text.splitlines() if l.strip()]
assert objs, "no lines"
if len(sys.argv) > 2:
    def walk(o):
        if isinstance(o, dict):
            for k, v in o.items():
                if k.endswith("_hex") and v == sys.argv[2]:
                    assert "\ufffd" in o[k[:-4]], o
                    return True
                if walk(v):
                    return True
        if isinstance(o, list):
            return any(walk(v) for v in o)
        return False
    assert any(walk(o) for o in objs), "no _hex member with the exact bytes"
PY
}

begin_test "--report and --status-fd lines stay UTF-8 and keep the name's bytes"
mkdir "$WS/d"
fsj --deny write,create:"$WS/d" --report "$T/report" --status-fd 3 -- \
	touch "$BAD" 3>"$T/status"
[ -s "$T/report" ] || fail "no report line for the refused name: $(cat "$ERR")"
strict "$T/report" "$BAD_HEX" || fail "the report is not UTF-8 JSON with the exact bytes"
strict "$T/status" || fail "the status stream is not UTF-8 JSON"
assert_not_exists "$WS/$BAD"
end_test

begin_test "the audit log stays UTF-8"
[ -s "$STATE_DIR/audit.ndjson" ] || fail "no audit log"
strict "$STATE_DIR/audit.ndjson" "$BAD_HEX" || fail "the audit log is not UTF-8 JSON"
end_test

begin_test "explain --json and check --json of such a name stay UTF-8"
run_cmd "$FSJAIL" explain --workspace "$WS" --json "$WS/$BAD"
tr '\n' ' ' <"$OUT" >"$T/explain" && echo >>"$T/explain"
strict "$T/explain" "$BAD_HEX" || fail "explain --json: $(cat "$OUT")"
run_cmd "$FSJAIL" check --workspace "$WS" --json -- "touch '$WS/$BAD'"
tr '\n' ' ' <"$OUT" >"$T/check" && echo >>"$T/check"
strict "$T/check" || fail "check --json: $(cat "$OUT")"
end_test

done_testing
