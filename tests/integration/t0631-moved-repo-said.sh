#!/bin/bash
# A folder move the listener refuses because the folder carries protected
# names out of their place (`mv vendor/lp vendor/left-pad` over a nested
# repository) was recorded as `create` on the SOURCE, with no level and no
# rule: check said `refused delete vendor/lp` for the same line, so a
# harness matching (capability, path) saw two different refusals, and the
# summary could not say why (user31). Now the record says delete at the
# source with the rule that decided it (protected 'repository-metadata'),
# as check does; a folder arriving over a protected name stays create.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libcheck.sh"

plan 2
check_repo_setup
(cd "$WS" && git init -q -b main && git init -q vendor/lp) >/dev/null 2>&1 ||
	bail_out "cannot make the repositories"

# said REPORT: capability, path, level and rule of each record of REPORT
said()
{
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    print(d["capability"], d["path"], d["level"], d["rule_id"])' "$1"
}

begin_test "moving a nested repository away: delete at the source, with its rule, as check says"
line='mv vendor/lp vendor/left-pad'
(cd "$WS" && "$FSJAIL" check --json -- "$line") >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "[(e['capability'], e['path']) for e in d['effects'] if e['decision'] == 'refused']")" = \
	"[('delete', '$WS/vendor/lp')]" ] || fail "check: $(cat "$T/check.json")"
fsj --report "$T/r.ndjson" -- sh -c "$line"
assert_failed
assert_dir "$WS/vendor/lp/.git"
got=$(said "$T/r.ndjson")
[ "$got" = "delete $WS/vendor/lp protected repository-metadata" ] || fail "the report: $got"
assert_err_match "delete $WS/vendor/lp: protected rule 'repository-metadata'"
end_test

begin_test "a folder arriving where a deny lies below: create at the target, with its rule"
write_rules <<EOF2
rules:
  - id: no-secret
    path: $WS/out/secret
    deny: [create]
EOF2
mkdir -p "$WS/carrier" && : >"$WS/carrier/secret"
fsj --report "$T/r2.ndjson" -- mv carrier out
assert_failed
assert_not_exists "$WS/out/secret"
got=$(said "$T/r2.ndjson")
[ "$got" = "create $WS/out explicit no-secret" ] || fail "the report: $got"
end_test

done_testing
