#!/bin/bash
# `fsjail status` listed ~/.npm/_npx twice among the protected paths when
# the host has no ~/.npm/_npx (user13): the baseline's entry
# "(this path only): deny create" and HOST_NPM_NPX's "deny write, create,
# delete", which says all the first says. A protected entry another one
# at the same path covers is now listed once (in --json too); the policy
# is unchanged (explain still refuses create there). Fails before.
. "$(dirname "$0")/libtest.sh"

plan 2
setup

begin_test "status: ~/.npm/_npx once among the protected paths, in text and --json"
rm -rf "$HOME/.npm"
run_cmd "$FSJAIL" status --workspace "$WS"
sed -n '/^protected paths/,/^$/p' "$OUT" >"$T/prot"
n=$(grep -c "^  $HOME/\.npm/_npx[: ]" "$T/prot")
[ "$n" = 1 ] || fail "~/.npm/_npx listed $n times: $(grep _npx "$T/prot")"
grep -q "^  $HOME/\.npm/_npx: deny write, create, delete\$" "$T/prot" ||
	fail "the entry kept is not the wider one: $(grep _npx "$T/prot")"
run_cmd "$FSJAIL" status --json --workspace "$WS"
n=$(json "$OUT" "len([p for p in d['protected'] if p['path'] == '$HOME/.npm/_npx'])")
[ "$n" = 1 ] || fail "--json lists ~/.npm/_npx $n times"
end_test

begin_test "the policy is unchanged: explain still refuses creating ~/.npm/_npx"
run_cmd "$FSJAIL" explain --workspace "$WS" "$HOME/.npm/_npx"
assert_rc 0
grep -Eq '^  create +deny +protected ' "$OUT" || fail "create not refused: $(cat "$OUT")"
end_test

done_testing
