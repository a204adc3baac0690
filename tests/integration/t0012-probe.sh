#!/bin/bash
# fsjail probe (issue 3; DESIGN.md section 5): on this kernel it proves a
# tier, and every claim it makes is re-checked here by an independent
# experiment under `fsjail run --enforce TIER`, with files this script makes
# itself: a probe that claims more than the kernel enforces fails the suite.
# A probe of a backend that enforces nothing (null) must prove no tier.
. "$(dirname "$0")/libtest.sh"

plan 12
setup
require_landlock

PROBE=$T/probe.json

begin_test "fsjail probe reports a proven tier and exits 0"
run_cmd "$FSJAIL" probe --workspace "$WS"
assert_rc 0
assert_out_match '^proven tier: (full|guarded|process|writes)$'
assert_out_match '^TIER +CHECK +CAPABILITY +RESULT'
if [ -s "$ERR" ]; then
	fail "the probe printed on stderr (the checks' output must not leak)"
	diag_last
fi
end_test

begin_test "fsjail probe --json: the documented schema, one entry per tier and check"
"$FSJAIL" probe --workspace "$WS" --json >"$PROBE" 2>"$ERR"
RC=$?
assert_rc 0
if ! python3 - "$PROBE" "$WS" <<'PY'; then
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "fsjail-probe/1", d["schema"]
assert d["key"]["backend"] == "landlock"
assert d["key"]["workspace"] == sys.argv[2], d["key"]["workspace"]
assert d["key"]["mode"] == "workspace-write"
assert isinstance(d["key"]["landlock_abi"], int) and d["key"]["landlock_abi"] >= 1
assert [t["tier"] for t in d["tiers"]] == ["full", "guarded", "process", "writes"]
want = {
    "writes": ["shell", "write-allowed", "create-allowed", "write-denied",
               "create-denied", "delete-denied"],
}
want["process"] = want["writes"] + ["exec-denied"]
want["guarded"] = want["process"] + ["read-fenced"]
want["full"] = want["guarded"] + ["read-system"]
# reported, not required for the tier: exec mappings and network: deny
net = ["net-tcp", "net-udp", "net-dns", "net-iface"]
for t in want:
    want[t] = want[t] + (["exec-mapped"] if t != "writes" else []) + net
caps = {"shell": None, "write-allowed": "write", "create-allowed": "create",
        "write-denied": "write", "create-denied": "create", "delete-denied": "delete",
        "exec-denied": "execute", "read-fenced": "read", "read-system": "read",
        "exec-mapped": "execute", "net-tcp": None, "net-udp": None, "net-dns": None,
        "net-iface": None}
proven = None
for t in d["tiers"]:
    names = [c["check"] for c in t["checks"]]
    assert names == want[t["tier"]], (t["tier"], names)
    for c in t["checks"]:
        assert c["capability"] == caps[c["check"]], c
        assert c["result"] in ("ok", "failed", "n/a"), c
        assert isinstance(c["reason"], str) and c["reason"], c
    ok = t["compiled"] and all(c["result"] != "failed" for c in t["checks"]
                               if c["check"] != "exec-mapped" and c["check"] not in net)
    assert t["proven"] == ok, t
    if ok and proven is None:
        proven = t["tier"]
assert d["proven_tier"] == proven, (d["proven_tier"], proven)
assert proven is not None
PY
	fail "the JSON report does not follow the schema"
	diag_file json "$PROBE"
fi
end_test

PROVEN=$(json "$PROBE" 'd["proven_tier"]')
diag "proven tier: $PROVEN"

# claimed TIER CHECK: the probe says CHECK passed ("ok") at TIER.
claimed()
{
	[ "$(json "$PROBE" "next(iter([c['result'] for t in d['tiers'] if t['tier'] == '$1' for c in t['checks'] if c['check'] == '$2']), None)")" = ok ]
}
tier_proven()
{
	[ "$(json "$PROBE" "[t['proven'] for t in d['tiers'] if t['tier'] == '$1'][0]")" = True ]
}

# The independent experiment's files: nothing under $HOME/outside is
# granted (a user-data root), so a delete there is refused; the workspace
# grants all five capabilities.
mkdir -p "$HOME/outside" "$CONF_DIR/exec"
cp /bin/true "$HOME/outside/x"
cp /bin/true "$CONF_DIR/exec/x"
chmod 755 "$HOME/outside/x"
echo "FENCED-5e1" >"$HOME/outside/r"

# recheck TIER: every check the probe claims at TIER holds under
# `fsjail run --enforce TIER`. Returns through the assertions.
recheck()
{
	local tier=$1 sys
	echo orig >"$HOME/outside/w"
	echo orig >"$WS/w"
	echo keep >"$HOME/outside/d"
	rm -f "$HOME/outside/new" "$WS/new"
	snapshot "$HOME/outside/w"
	snapshot "$HOME/outside/d"

	if claimed "$tier" shell; then
		fsj --enforce "$tier" -- /bin/sh -c 'exit 0'
		assert_rc 0 "shell at $tier"
	fi
	if claimed "$tier" write-allowed; then
		fsj_sh --enforce "$tier" -- 'printf written > "$1"' "$WS/w"
		assert_rc 0 "write-allowed at $tier"
		assert_content "$WS/w" written
	fi
	if claimed "$tier" create-allowed; then
		fsj_sh --enforce "$tier" -- 'printf made > "$1"' "$WS/new"
		assert_rc 0 "create-allowed at $tier"
		assert_content "$WS/new" made
	fi
	if claimed "$tier" write-denied; then
		fsj_sh --enforce "$tier" -- 'echo changed >> "$1"' "$HOME/outside/w"
		assert_denied "write-denied at $tier"
		assert_unchanged "$HOME/outside/w"
	fi
	if claimed "$tier" create-denied; then
		fsj_sh --enforce "$tier" -- 'echo new > "$1"' "$HOME/outside/new"
		assert_denied "create-denied at $tier"
		assert_not_exists "$HOME/outside/new"
	fi
	if claimed "$tier" delete-denied; then
		fsj --enforce "$tier" -- rm -f "$HOME/outside/d"
		assert_denied "delete-denied at $tier"
		assert_unchanged "$HOME/outside/d"
	fi
	if claimed "$tier" exec-denied; then
		fsj --enforce "$tier" -- "$HOME/outside/x"
		assert_rc 126 "exec-denied at $tier"
	fi
	if claimed "$tier" exec-mapped && [ -x /lib64/ld-linux-x86-64.so.2 ]; then
		# the loader must read the file: at guarded and full only the
		# config folder is readable and not executable
		x=$HOME/outside/x
		[ "$tier" = guarded ] || [ "$tier" = full ] && x=$CONF_DIR/exec/x
		fsj --enforce "$tier" -- /lib64/ld-linux-x86-64.so.2 "$x"
		assert_rc_not 0 "exec-mapped at $tier"
		run_cmd /lib64/ld-linux-x86-64.so.2 "$x"
		assert_rc 0 "the loader runs '$x' without the sandbox"
	fi
	if claimed "$tier" net-udp; then
		: >"$T/udp.log"
		python3 -c 'import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0))
open(sys.argv[1] + ".port", "w").write("%d" % s.getsockname()[1]); s.settimeout(3)
try:
    open(sys.argv[1], "w").write(s.recv(64).decode())
except OSError:
    pass' "$T/udp.log" &
		for _ in $(seq 50); do [ -s "$T/udp.log.port" ] && break; sleep 0.1; done
		fsj --enforce "$tier" --network deny -- bash -c 'printf arrived > "/dev/udp/127.0.0.1/$1"' _ "$(cat "$T/udp.log.port")"
		wait
		rm -f "$T/udp.log.port"
		[ -s "$T/udp.log" ] && fail "net-udp at $tier: a datagram reached the listener outside"
	fi
	if claimed "$tier" read-fenced; then
		fsj --enforce "$tier" -- cat "$HOME/outside/r"
		assert_denied "read-fenced at $tier"
		assert_out_nomatch FENCED-5e1
	fi
	if claimed "$tier" read-system; then
		sys=$(json "$PROBE" "[c['path'] for t in d['tiers'] if t['tier'] == '$tier' for c in t['checks'] if c['check'] == 'read-system'][0]")
		case $sys in
		/home/* | /root/* | /mnt/* | /media/* | /run/media/*)
			fail "read-system used '$sys', inside a user-data root" ;;
		esac
		if [ -d "$sys" ]; then
			run_cmd ls "$sys"
		else
			run_cmd cat "$sys"
		fi
		assert_rc 0 "'$sys' is readable without the sandbox"
		if [ -d "$sys" ]; then
			fsj --enforce "$tier" -- ls "$sys"
		else
			fsj --enforce "$tier" -- cat "$sys"
		fi
		assert_denied "read-system of '$sys' at $tier"
	fi
}

for tier in full guarded process writes; do
	if tier_proven "$tier"; then
		begin_test "independent re-check: every check the probe claims at $tier holds"
		recheck "$tier"
		end_test
	else
		skip "the probe did not prove tier $tier here: nothing to re-check"
	fi
done

begin_test "the tiers below the proven one add no claim the kernel does not keep: reads stay open below guarded"
# A probe must not claim the read fence for tiers that do not ask for it:
# under process and writes the fenced file is readable.
for tier in process writes; do
	fsj --enforce "$tier" -- cat "$HOME/outside/r"
	assert_rc 0 "read at $tier"
	assert_out_match FENCED-5e1
done
end_test

begin_test "the probe leaves no scratch folder behind (workspace, home, state, config)"
found=$(find "$WS" "$HOME" "$STATE_DIR" "$CONF_DIR" -maxdepth 2 \( -name '*fsjail-probe*' -o -name 'probe-scratch.*' \) 2>/dev/null)
if [ -n "$found" ]; then
	fail "left behind: $found"
fi
end_test

begin_test "a backend that enforces nothing (null) proves no tier: the negative checks fail"
run_cmd "$FSJAIL" probe --workspace "$WS" --backend null --json
assert_rc 1
cp "$OUT" "$T/null.json"
if [ "$(json "$T/null.json" 'd["proven_tier"]')" != None ]; then
	fail "the null backend was proven"
fi
if [ "$(json "$T/null.json" "[c['result'] for t in d['tiers'] if t['tier'] == 'writes' for c in t['checks'] if c['check'] == 'write-denied'][0]")" != failed ]; then
	fail "write-denied passed under the null backend"
	diag_file json "$T/null.json"
fi
# and `run` refuses to pretend
fsj --backend null -- touch "$WS/null-marker"
assert_rc 125
assert_not_exists "$WS/null-marker"
assert_err_match 'no fence tier is proven'
end_test

begin_test "FSJAIL_PROBE_FAIL=read-system: full is not proven, the report names the check"
FSJAIL_PROBE_FAIL=read-system "$FSJAIL" probe --workspace "$WS" --json >"$T/fail.json" 2>"$ERR"
RC=$?
assert_rc 0
if [ "$(json "$T/fail.json" 'd["proven_tier"]')" != guarded ]; then
	fail "expected guarded, got $(json "$T/fail.json" 'd["proven_tier"]')"
fi
if [ "$(json "$T/fail.json" "[c['reason'] for t in d['tiers'] if t['tier'] == 'full' for c in t['checks'] if c['check'] == 'read-system'][0]")" != "forced to fail by FSJAIL_PROBE_FAIL (test-only)" ]; then
	fail "the forced failure is not reported"
fi
end_test

begin_test "a rule granting all of \$HOME: the negative checks move to the state directory, the tier holds"
write_rules <<EOF
rules:
  - id: whole-home
    path: ~
    allow: [read, write, create, delete, execute]
EOF
"$FSJAIL" probe --workspace "$WS" --json >"$T/home.json" 2>"$ERR"
RC=$?
assert_rc 0
for check in write-denied create-denied exec-denied; do
	p=$(json "$T/home.json" "[c['path'] for t in d['tiers'] if t['tier'] == 'full' for c in t['checks'] if c['check'] == '$check'][0]")
	case $p in
	"$STATE_DIR"/probe-scratch.*) ;;
	*) fail "$check used '$p', not a scratch folder in the state directory" ;;
	esac
done
if [ "$(json "$T/home.json" 'd["proven_tier"]')" != "$PROVEN" ]; then
	fail "the proven tier changed to $(json "$T/home.json" 'd["proven_tier"]')"
	diag_file json "$T/home.json"
fi
clear_rules
end_test

begin_test "read-only mode: the probe writes nothing into the workspace"
# the workspace's own mtime and its entries
before=$(stat -c %y "$WS"; ls -lA --time-style=full-iso "$WS" | sha256sum)
"$FSJAIL" probe --workspace "$WS" --mode read-only --force --json >"$T/ro.json" 2>"$ERR"
RC=$?
assert_rc 0
after=$(stat -c %y "$WS"; ls -lA --time-style=full-iso "$WS" | sha256sum)
[ "$before" = "$after" ] || fail "the workspace changed"
p=$(json "$T/ro.json" "[c['path'] for t in d['tiers'] if t['tier'] == 'writes' for c in t['checks'] if c['check'] == 'write-allowed'][0]")
case $p in
"$WS"/*) fail "write-allowed used the read-only workspace: $p" ;;
esac
if [ "$(json "$T/ro.json" 'd["key"]["mode"]')" != read-only ]; then
	fail "the key does not say read-only"
fi
end_test

done_testing
