#!/bin/bash
# One-run grants (issue 16 item 2; DESIGN.md section 3, "one-shot session
# grants"): `fsjail run --grant CAPS:PATH` and `--deny CAPS:PATH` add
# session rules for that run only, at the explicit level, shown by
# explain and status with the same options, never written to a file; a
# protected path is not opened by --grant.
. "$(dirname "$0")/libtest.sh"

plan 7
setup
require_landlock
startup_files

OUTSIDE=$T/outside          # under /home, outside $HOME: nothing granted
mkdir -p "$OUTSIDE"
write_rules <<EOF2
rules:
  - path: "$T/elsewhere"
    allow: [read]
EOF2
sum_rules() { sha256sum "$RULES" | cut -d' ' -f1; }
BEFORE=$(sum_rules)

begin_test "without --grant a write outside the workspace is refused"
fsj_sh -- 'echo x > "$1"' "$OUTSIDE/a"
assert_failed
assert_not_exists "$OUTSIDE/a"
end_test

begin_test "--grant write,create:DIR lets this run write there, and only this run"
fsj --grant "write,create:$OUTSIDE" -- bash -c 'echo granted > "$1"' bash "$OUTSIDE/a"
assert_rc 0
assert_content "$OUTSIDE/a" granted
fsj_sh -- 'echo again > "$1"' "$OUTSIDE/b"
assert_failed
assert_not_exists "$OUTSIDE/b"
end_test

begin_test "--grant and --deny write nothing to the rules file or the config folder"
fsj --grant "write:$OUTSIDE" --deny "write:$WS/x" -- true
assert_rc 0
[ "$(sum_rules)" = "$BEFORE" ] || fail "the rules file changed"
[ -z "$(ls "$CONF_DIR" | grep -v '^rules.yaml$')" ] || fail "new files in $CONF_DIR: $(ls "$CONF_DIR")"
end_test

begin_test "--deny CAPS:PATH refuses inside the workspace"
echo ORIG >"$WS/keep"
snapshot "$WS/keep"
fsj --deny "write,create,delete:$WS/keep" -- bash -c 'echo changed > keep'
assert_failed
assert_unchanged "$WS/keep"
fsj --deny=write:"$WS/keep" -- bash -c 'echo changed > keep'
assert_failed
assert_unchanged "$WS/keep"
end_test

begin_test "--grant does not open a protected path"
echo ORIG >"$HOME/.bashrc"
snapshot "$HOME/.bashrc"
fsj --grant "write,create,delete:$HOME/.bashrc" --grant "all:$HOME" -- bash -c 'echo evil >> "$HOME/.bashrc"'
assert_failed
assert_unchanged "$HOME/.bashrc"
end_test

begin_test "explain and status show the session rule with its source"
run_cmd "$FSJAIL" explain --workspace "$WS" --grant "write:$OUTSIDE" --json "$OUTSIDE/a"
assert_rc 0
python3 - "$OUT" "$OUTSIDE" <<'PY' || fail "explain --json does not show the session rule"
import json, sys
o = json.load(open(sys.argv[1]))
w = o["paths"][0]["capabilities"]["write"]
assert w["allowed"] is True, w
assert w["rule"]["source"] == "session", w
assert w["rule"]["path"] == sys.argv[2], w
PY
run_cmd "$FSJAIL" status --workspace "$WS" --deny "read:$WS/secret"
assert_rc 0
assert_out_match "$WS/secret"
end_test

begin_test "a bad --grant is refused before anything runs"
fsj --grant "fly:$OUTSIDE" -- touch "$WS/ran"
assert_rc 125
assert_err_match '^fsjail: --grant'
assert_not_exists "$WS/ran"
end_test

done_testing
