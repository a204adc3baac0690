#!/bin/bash
# The probe cache, enforce (auto, a tier, off) and fsjail status (issue 3;
# DESIGN.md sections 5 and 12):
#   - the cache is reused while nothing it depends on changed, and a change
#     of workspace, mode, Landlock ABI, kernel release or rules file makes
#     a new probe; a corrupt, foreign or misplaced cache entry (the one
#     file of the workspace under $STATE/probe/) is ignored and rewritten,
#     never trusted, never a crash;
#   - enforce: auto runs at the proven tier, a tier the probe did not prove
#     refuses (125) naming the failed check, off warns on every run;
#   - status prints text and JSON whose fields are asserted here, and exits
#     0 only when the effective tier meets enforce;
#   - a path the command named (a repository it made in the workspace) is
#     printed escaped in the text (att7: its escape sequences reached the
#     terminal at the user's next status), exact in the JSON.
# FSJAIL_PROBE_FAIL=CHECK (test-only) makes a probe check fail, as a kernel
# that does not enforce it would.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libprobe.sh"

plan 25
setup
require_landlock

CACHE= # this workspace's file under $STATE_DIR/probe/, once probed

# probe_json [ENV=VALUE...] [-- PROBE-OPTIONS]: of $WS (libprobe.sh).
probe_json()
{
	probe_json_in "$WS" "$@"
}


# --- the cache ----------------------------------------------------------
begin_test "cache: the first probe runs, the second is read from the cache"
rm -rf "$STATE_DIR/probe" "$STATE_DIR/probe-cache.json"
probe_json
assert_rc 0
expect_cached False "first probe"
CACHE=$(echo "$STATE_DIR"/probe/pk-*.json)
[ -f "$CACHE" ] || bail_out "no cache file (one) under '$STATE_DIR/probe': '$CACHE'"
stamp=$(stat -c %Y.%y "$CACHE")
probe_json
assert_rc 0
expect_cached True "second probe"
[ "$(stat -c %Y.%y "$CACHE")" = "$stamp" ] || fail "the cache was rewritten although it was valid"
[ "$(stat -c %a "$CACHE")" = 600 ] || fail "the cache file is not mode 0600"
end_test

begin_test "cache: --force probes again"
probe_json -- --force
assert_rc 0
expect_cached False "--force"
end_test

begin_test "cache: another workspace is probed; both entries are kept"
mkdir -p "$HOME/ws2"
"$FSJAIL" probe --workspace "$HOME/ws2" --json >"$T/p.json" 2>"$ERR"
RC=$?
assert_rc 0
expect_cached False "new workspace"
probe_json
expect_cached True "first workspace again"
"$FSJAIL" probe --workspace "$HOME/ws2" --json >"$T/p.json" 2>"$ERR"
expect_cached True "second workspace again"
end_test

begin_test "cache: a change of mode is probed again"
probe_json -- --mode read-only
expect_cached False "read-only"
[ "$(json "$T/p.json" 'd["key"]["mode"]')" = read-only ] || fail "key.mode is not read-only"
probe_json -- --mode read-only
expect_cached True "read-only again"
end_test

begin_test "cache: a change of the Landlock ABI (FSJAIL_LANDLOCK_ABI_MAX) is probed again"
probe_json FSJAIL_LANDLOCK_ABI_MAX=1
expect_cached False "ABI 1"
[ "$(json "$T/p.json" 'd["key"]["landlock_abi"]')" = 1 ] || fail "key.landlock_abi is not 1"
probe_json FSJAIL_LANDLOCK_ABI_MAX=1
expect_cached True "ABI 1 again"
probe_json
expect_cached True "back to the kernel's ABI"
end_test

begin_test "cache: a change of kernel release (FSJAIL_KERNEL_RELEASE) is probed again"
probe_json FSJAIL_KERNEL_RELEASE=9.9.9-fsjail-test
expect_cached False "new kernel"
[ "$(json "$T/p.json" 'd["key"]["os_release"]')" = 9.9.9-fsjail-test ] || fail "key.os_release not set"
probe_json FSJAIL_KERNEL_RELEASE=9.9.9-fsjail-test
expect_cached True "same kernel again"
end_test

begin_test "cache: a change of the rules file is probed again"
probe_json
expect_cached True "before the change"
write_rules <<EOF
rules:
  - id: docs
    path: ~/docs
    allow: [read]
EOF
probe_json
expect_cached False "rules changed"
probe_json
expect_cached True "rules unchanged since"
clear_rules
end_test

# corrupt CONTENT-DESCRIPTION: after the cache was damaged, a probe exits 0,
# does not trust it (cached false), rewrites it, and the next one reads it.
corrupt_case()
{
	probe_json
	assert_rc 0 "$1"
	expect_cached False "$1"
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$CACHE" 2>/dev/null ||
		fail "the cache was not rewritten as valid JSON ($1)"
	probe_json
	expect_cached True "$1, then rewritten"
}

begin_test "corrupt cache: garbage, an empty file, truncated JSON"
printf 'garbage \001\002{{{' >"$CACHE"
corrupt_case garbage
: >"$CACHE"
corrupt_case "empty file"
head -c 300 "$CACHE" >"$T/trunc" && cp "$T/trunc" "$CACHE"
corrupt_case "truncated JSON"
end_test

# mangle PYTHON: run PYTHON with c = the cache entry (a report), then
# write it back.
mangle()
{
	python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(c, open(sys.argv[1], "w"))' "$CACHE" "$1"
}

begin_test "corrupt cache: wrong types, a foreign schema, a claim the checks do not support"
probe_json
mangle 'c["key"]["landlock_abi"] = str(c["key"]["landlock_abi"])'
corrupt_case "landlock_abi as a string"
mangle 'c["tiers"] = "full"'
corrupt_case "tiers as a string"
mangle 'c["tiers"][0]["checks"][0]["result"] = 7'
corrupt_case "a result that is a number"
mangle 'c["key"] = {"a": 1}'
corrupt_case "key as an object of other members"
mangle 'c["schema"] = "someone-else/9"'
corrupt_case "a foreign schema"
mangle 'c["fsjail_version"] = "0.0.0-other"'
corrupt_case "another fsjail version"
# A forged entry: a failed check, but the tier still claims to be proven.
mangle '
for t in c["tiers"]:
    for ch in t["checks"]:
        ch["result"] = "failed"
'
corrupt_case "tiers proven although their checks failed"
mangle 'c["tiers"][0]["checks"].pop()'
corrupt_case "a check left out"
end_test

begin_test "corrupt cache: a folder in its place (empty: replaced; not empty: warned, never a crash)"
rm -f "$CACHE"
mkdir "$CACHE"
corrupt_case "an empty folder"
[ -f "$CACHE" ] || fail "the empty folder was not replaced by the cache"
rm -f "$CACHE"
mkdir -p "$CACHE/keep"
probe_json
assert_rc 0 "a folder with content"
expect_cached False "a folder with content"
assert_err_match "cannot write probe cache"
[ -d "$CACHE/keep" ] || fail "fsjail removed a folder with content"
fsj -- true
assert_rc 0 "run with a folder in place of the cache"
rm -rf "$CACHE"
end_test

begin_test "corrupt cache: a symlink in its place is not followed"
echo "target-unchanged" >"$T/target"
ln -s "$T/target" "$CACHE"
probe_json
assert_rc 0
expect_cached False "symlink"
assert_content "$T/target" target-unchanged
[ -f "$CACHE" ] && ! [ -L "$CACHE" ] || fail "the symlink was not replaced by a file"
end_test

# --- enforce ---------------------------------------------------------------
SYS=$(json "$T/p.json" "next(iter([c['path'] for t in d['tiers'] if t['tier'] == 'full' for c in t['checks'] if c['check'] == 'read-system' and c['result'] == 'ok']), '')")
mkdir -p "$HOME/outside"
echo "FENCED-a71" >"$HOME/outside/r"
cp /bin/true "$HOME/outside/x"

begin_test "enforce auto runs at the proven tier (full here: the system file probed is unreadable)"
if [ -z "$SYS" ]; then
	diag "the probe found no system file to read: cannot tell full from guarded"
else
	fsj -- cat "$SYS"
	assert_denied "auto at full"
fi
fsj -- cat "$HOME/outside/r"
assert_denied "auto: the read fence holds"
end_test

begin_test "enforce auto with full not proven (FSJAIL_PROBE_FAIL=read-system) runs at guarded"
FSJAIL_PROBE_FAIL=read-system fsj -- cat "$HOME/outside/r"
assert_denied "guarded keeps the read fence"
if [ -n "$SYS" ] && ! [ -d "$SYS" ]; then
	FSJAIL_PROBE_FAIL=read-system fsj -- cat "$SYS"
	assert_rc 0 "guarded leaves '$SYS' readable"
fi
end_test

begin_test "enforce full when the probe failed read-system: 125, nothing runs, the check is named"
FSJAIL_PROBE_FAIL=read-system fsj --enforce full -- touch "$WS/marker"
assert_rc 125
assert_not_exists "$WS/marker"
assert_err_match "enforce full needs tier full"
assert_err_match "read-system"
end_test

begin_test "enforce from config.yaml: full with read-system failing refuses; guarded runs"
write_config <<EOF
enforce: full
EOF
FSJAIL_PROBE_FAIL=read-system fsj -- touch "$WS/marker"
assert_rc 125
assert_not_exists "$WS/marker"
write_config <<EOF
enforce: guarded
EOF
FSJAIL_PROBE_FAIL=read-system fsj -- touch "$WS/marker"
assert_rc 0
assert_exists "$WS/marker"
rm -f "$WS/marker"
clear_rules
end_test

begin_test "enforce process with exec-denied failing: 125; auto falls to writes, where exec is open"
FSJAIL_PROBE_FAIL=exec-denied fsj --enforce process -- true
assert_rc 125
assert_err_match "exec-denied"
FSJAIL_PROBE_FAIL=exec-denied fsj -- "$HOME/outside/x"
assert_rc 0 "tier writes does not fence execute"
fsj -- "$HOME/outside/x"
assert_rc 126 "without the override, execute is fenced"
end_test

begin_test "enforce a tier weaker than the proven one runs at that tier"
fsj --enforce process -- cat "$HOME/outside/r"
assert_rc 0 "process leaves reads open"
assert_out_match FENCED-a71
end_test

begin_test "enforce off: unconfined, with a warning on stderr on every run"
for i in 1 2; do
	fsj --enforce off -- cat "$HOME/outside/r"
	assert_rc 0 "off, run $i"
	assert_out_match FENCED-a71
	assert_err_match "warning: enforce is off"
done
write_config <<EOF
enforce: off
EOF
fsj -- true
assert_err_match "warning: enforce is off"
clear_rules
end_test

# --- status ---------------------------------------------------------------
write_rules <<EOF
rules:
  - id: docs
    path: ~/docs
    allow: [read]
  - id: build
    path: build
    allow: [write, create, delete]
EOF
write_config <<EOF
network: deny
grants:
  - path: ~/shared
    allow: [read]
audit:
  enabled: true
  path: $T/audit.ndjson
backup:
  max_size_mb: 7
  deleteMode: unlink
EOF

# network: deny is enforced from ABI 4; below, `run` (and so status) refuses
# without accept_partial.
if [ "$(landlock_abi)" -ge 4 ]; then MEETS=0; else MEETS=1; fi

begin_test "status: text report, exit 0 when run would accept the tier"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc "$MEETS"
assert_out_match "^fsjail [0-9]"
assert_out_match "^config: +$CONFIG \(parsed\)"
assert_out_match "^rules: +$RULES \(parsed\)"
assert_out_match "^workspace: +$WS \(--workspace; mode workspace-write\)"
assert_out_match "^backend: +landlock, kernel .*Landlock ABI [0-9]+"
assert_out_match "^enforce: +auto -> tier (full|guarded|process|writes), (full|partial) enforcement"
assert_out_match "^probe: +proven tier (full|guarded|process|writes)"
assert_out_match "^  (read|write|create|delete|execute) +(fully|partly|not)"
assert_out_match "^rules: +2 in the rules file, 1 config grants, 0 session grants"
assert_out_match "^network: +deny"
assert_out_match "^audit: +enabled, $T/audit.ndjson"
assert_out_match "^  $RULES \(this path only\): deny write, create, delete"
end_test

begin_test "status --json: the documented fields"
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
RC=$?
assert_rc "$MEETS"
"$FSJAIL" probe --workspace "$WS" --json >"$T/p.json" 2>/dev/null
if ! python3 - "$T/s.json" "$T/p.json" "$WS" "$RULES" "$CONFIG" "$STATE_DIR" "$T/audit.ndjson" \
	"$(landlock_abi)" "$("$FSJAIL" --version | sed -n 's/^fsjail //p')" <<'PY'; then
import json, sys
s = json.load(open(sys.argv[1]))
p = json.load(open(sys.argv[2]))
ws, rules, config, state, audit, abi, version = sys.argv[3:10]
assert s["schema"] == "fsjail-status/1"
assert s["version"] == version, (s["version"], version)
assert s["files"]["config"] == {"path": config, "exists": True, "parsed": True, "error": None}
assert s["files"]["rules"]["path"] == rules and s["files"]["rules"]["parsed"] is True
assert s["files"]["rules"]["rules"] == 2
assert s["files"]["state_dir"] == state
assert s["files"]["probe_cache"] == state + "/probe"
b = s["files"]["baseline"]
assert b["parsed"] and b["entries"] > 10 and b["protected"] > 5, b
assert "/home" in b["user_data_roots"]
assert s["workspace"] == ws and s["mode"] == "workspace-write"
assert s["backend"] == "landlock" and s["landlock_abi"] == int(abi)
assert s["enforce"] == "auto"
assert s["pid_namespace"] is True
assert s["tier"] == p["proven_tier"], (s["tier"], p["proven_tier"])
assert s["probe"]["proven_tier"] == p["proven_tier"]
assert s["probe"]["cached"] is True
if int(abi) >= 4:
    assert s["meets_enforce"] is True and s["reason"] is None, s["reason"]
else:
    assert s["meets_enforce"] is False and s["reason"], s
assert s["enforcement"] in ("full", "partial")
for cap in ("read", "write", "create", "delete", "execute"):
    c = s["capabilities"][cap]
    assert c["kernel"] in ("fully", "partly", "not"), c
    assert isinstance(c["tier_enforces"], bool)
    if c["kernel"] != "fully":
        assert c["reason"], c
assert s["capabilities"]["write"]["tier_enforces"] is True
assert s["network"]["setting"] == "deny"
assert s["network"]["kernel"] == ("fully" if int(abi) >= 4 else "not"), s["network"]
assert s["rules"] == {"rules_file": 2, "config_grants": 1, "session_grants": 0}
prot = {r["path"]: r for r in s["protected"]}
assert rules in prot and "write" in prot[rules]["deny"], prot.get(rules)
assert state in prot and prot[state]["recursive"] is True
assert "/etc" in prot
assert s["backup"]["max_size_mb"] == 7 and s["backup"]["delete_mode"] == "unlink"
assert s["backup"]["dir"] == state + "/sessions"
assert s["audit"] == {"enabled": True, "path": audit}
assert isinstance(s["mount_masks"], list) and isinstance(s["expanded"], list)
assert isinstance(s["gaps"]["refuse"], list) and isinstance(s["gaps"]["notes"], list)
PY
	fail "status --json fields"
	diag_file json "$T/s.json"
fi
end_test

begin_test "status: a broken rules file is named, exit 1"
printf 'rules:\n  - path: ~/x\n    allow: [read\n' >"$RULES"
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
RC=$?
assert_rc 1
[ "$(json "$T/s.json" 'd["files"]["rules"]["parsed"]')" = False ] || fail "rules.parsed is not false"
json "$T/s.json" 'd["files"]["rules"]["error"]' | grep -Eq 'rules\.yaml:[0-9]+' ||
	fail "the rules error does not name rules.yaml:LINE"
[ "$(json "$T/s.json" 'd["files"]["config"]["parsed"]')" = True ] || fail "config.parsed is not true"
[ "$(json "$T/s.json" 'd["meets_enforce"]')" = False ] || fail "meets_enforce is not false"
run_cmd "$FSJAIL" status --workspace "$WS"
assert_rc 1
assert_out_match "^rules: .*\(error: .*rules\.yaml:[0-9]+"
clear_rules
end_test

begin_test "status: enforce full not met (FSJAIL_PROBE_FAIL=read-system): exit 1, the reason names the check"
FSJAIL_PROBE_FAIL=read-system "$FSJAIL" status --workspace "$WS" --enforce full --json >"$T/s.json" 2>"$ERR"
RC=$?
assert_rc 1
[ "$(json "$T/s.json" 'd["tier"]')" = None ] || fail "a tier is in effect"
[ "$(json "$T/s.json" 'd["enforcement"]')" = none ] || fail "enforcement is not none"
json "$T/s.json" 'd["reason"]' | grep -q read-system || fail "the reason does not name read-system"
FSJAIL_PROBE_FAIL=read-system "$FSJAIL" status --workspace "$WS" --enforce guarded --json >"$T/s.json" 2>"$ERR"
RC=$?
assert_rc 0
[ "$(json "$T/s.json" 'd["tier"]')" = guarded ] || fail "tier is not guarded"
[ "$(json "$T/s.json" 'd["capabilities"]["read"]["tier_enforces"]')" = True ] || fail "guarded: read not enforced"
end_test

begin_test "status: a nested deny is listed as a mount mask, or (without masks) by its expanded folders"
mkdir -p "$WS/.git/hooks"
write_rules <<EOF
rules:
  - id: hooks
    path: .git/hooks
    deny: [write, create, delete]
EOF
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
"$FSJAIL" probe --workspace "$WS" --json >"$T/p.json" 2>/dev/null
if [ "$(json "$T/p.json" 'd["key"]["mount_masks"]')" = True ]; then
	[ "$(json "$T/s.json" "any(m['path'] == '$WS/.git/hooks' and m['kind'] == 'readonly' for m in d['mount_masks'])")" = True ] ||
		fail "the mask on $WS/.git/hooks is not listed"
	[ "$(json "$T/s.json" "'$WS/.git' in [e['path'] for e in d['expanded']]")" = False ] ||
		fail "$WS/.git is listed as expanded although a mask carries the deny"
else
	diag "mount masks are not available here: only the expansion case is checked"
fi
FSJAIL_NO_MOUNT_MASKS=1 "$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(json "$T/s.json" "'$WS/.git' in [e['path'] for e in d['expanded']] and '$WS' in [e['path'] for e in d['expanded']]")" = True ] ||
	fail "the expanded folders $WS and $WS/.git are not listed"
[ "$(json "$T/s.json" "any(m['path'] == '$WS/.git/hooks' for m in d['mount_masks'])")" = False ] ||
	fail "a mask is listed although masks are off"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
assert_out_match "^    the listener makes new entries there, refusing the denied names only$"
assert_out_match "^  $WS/\.git(: .*)?$"
clear_rules
rm -rf "$WS/.git"
end_test

begin_test "status: enforce off is reported as off (exit 0); a bad option is 125"
"$FSJAIL" status --workspace "$WS" --enforce off --json >"$T/s.json" 2>"$ERR"
RC=$?
assert_rc 0
[ "$(json "$T/s.json" 'd["enforcement"]')" = off ] || fail "enforcement is not off"
[ "$(json "$T/s.json" 'd["tier"]')" = None ] || fail "a tier is reported with enforce off"
[ "$(json "$T/s.json" 'd["capabilities"]["write"]["kernel"]')" = not ] || fail "write is enforced with enforce off"
run_cmd "$FSJAIL" status --enforce sometimes
assert_rc 125
run_cmd "$FSJAIL" status --workspace "$WS" --mode read-only --json
assert_rc 0
[ "$(json "$OUT" 'd["mode"]')" = read-only ] || fail "mode is not read-only"
end_test

begin_test "status: a repository whose name holds escape sequences is printed escaped"
mkdir -p "$WS" && cd "$WS" || bail_out "no workspace"
fsj_sh -- 'd=$(printf "r\033]0;PWN\007\033[2J"); mkdir "$d" && git init -q "$d"'
assert_rc 0
run_cmd "$FSJAIL" status --workspace "$WS"
grep -q "$(printf '\033')" "$OUT" && fail "status printed a raw ESC byte"
assert_out_match 'r\\x1b\]0;PWN\\x07\\x1b\[2J'
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
grep -q 'r\\u001b]0;PWN\\u0007' "$T/s.json" || fail "the JSON does not hold the exact name"
rm -rf "$WS/r"*
end_test

done_testing
