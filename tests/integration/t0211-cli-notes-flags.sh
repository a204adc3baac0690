#!/bin/bash
# CLI conventions a new user tripped on (issue 16; issue 14 item 3):
# - the "no proven tier" note only where a tier matters: not from
#   `allow add` (protected entries hold at every tier), not from `explain`
#   of paths whose every refusal holds at every tier; still from `explain`
#   of a path whose read is refused (read is enforced only from tier
#   guarded on);
# - `run --help` names --deny once (CAPS:PATH); the scripted deny answer is
#   --answer-deny, and --deny alone (its old spelling) still answers deny;
# - `fsjail log --workspace DIR` shows the runs of that workspace only.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
mkdir -p "$STATE_DIR" && rm -rf "$STATE_DIR/probe-cache.json" "$STATE_DIR/probe"

begin_test "allow add and explain of the workspace print no tier note"
run_cmd "$FSJAIL" allow --workspace "$WS" add write "$WS/x"
assert_rc 0
grep -q 'no proven tier' "$ERR" && fail "allow add printed the tier note: $(cat "$ERR")"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS"
assert_rc 0
grep -q 'no proven tier' "$ERR" && fail "explain of the workspace printed the tier note: $(cat "$ERR")"
end_test

begin_test "explain of a path whose read is refused keeps the tier note"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.cargo/credentials"
assert_rc 0
assert_err_match '^fsjail: note: no proven tier'
end_test

begin_test "run --help: --deny once, --answer-deny for the scripted answer"
run_cmd "$FSJAIL" run --help
assert_rc 0
[ "$(grep -c -- '--deny\b' "$OUT")" = 2 ] || fail "--deny is not named exactly twice (usage, CAPS:PATH line): $(grep -- '--deny' "$OUT")"
grep -Eq '^  --deny CAPS:PATH' "$OUT" || fail "no '--deny CAPS:PATH' line"
grep -Eq '^  --answer-deny ' "$OUT" || fail "no '--answer-deny' line"
grep -Eq '^  --deny  ' "$OUT" && fail "a bare '--deny' line is still there"
end_test

begin_test "log --workspace: one workspace's runs and their lines, not another's"
require_landlock
mkdir -p "$T/ws2"
fsj -- sh -c 'echo one >in-ws1'
"$FSJAIL" run --workspace "$T/ws2" -- sh -c 'echo two >"$1/in-ws2"' sh "$T/ws2" >/dev/null 2>&1
run_cmd "$FSJAIL" log --workspace "$WS"
assert_rc 0
assert_out_match "run-start - $WS "
assert_out_nomatch "$T/ws2"
run_cmd "$FSJAIL" log --workspace "$T/ws2" --json
assert_rc 0
grep -q "\"path\":\"$T/ws2\"" "$OUT" || fail "log --workspace ws2 lacks its run: $(cat "$OUT")"
grep -q "\"path\":\"$WS\"" "$OUT" && fail "log --workspace ws2 shows the other workspace's run"
run_cmd "$FSJAIL" log
grep -q "$T/ws2" "$OUT" && grep -q "run-start - $WS " "$OUT" || fail "plain log lacks a run: $(cat "$OUT")"
end_test

done_testing
