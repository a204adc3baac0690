#!/bin/bash
# run and status probe only the tiers their choice looks at (fsjail(1)
# PROBE): enforce auto, the strongest down to the first proven; a tier,
# it and the stronger ones up to the first proven. The others are cached
# as not probed ("probed": false, no checks), `status --json` shows them
# as null, and a later choice that needs one probes again; `fsjail probe`
# proves every tier. Before, every first run of a workspace proved all
# four tiers, three of them for nothing (about half a second here).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed"

# has FILE ERE: FILE has a line matching ERE, else the case fails.
has()
{
	grep -Eq -- "$2" "$1" && return 0
	fail "no line matching '$2' in $(basename "$1")"
	diag_file "$(basename "$1")" "$1"
}

# tiers: one line "TIER PROBED PROVEN NCHECKS" per tier of the
# workspace's cache entry.
tiers()
{
	python3 - "$STATE_DIR/probe" <<'PY'
import glob, json, os, sys
files = glob.glob(os.path.join(sys.argv[1], "*.json"))
assert len(files) == 1, files
d = json.load(open(files[0]))
for t in d["tiers"]:
    print(t["tier"], t.get("probed"), t["proven"], len(t["checks"]))
PY
}

begin_test "a first run proves tier full only; the others are cached as not probed"
fsj -- true
assert_rc 0
tiers >"$T/tiers" 2>&1
has "$T/tiers" '^full True True [0-9]'
for t in guarded process writes; do
	has "$T/tiers" "^$t False False 0\$"
done
"$FSJAIL" status --json >"$OUT" 2>"$ERR"
json "$OUT" 'd["probe"]["tiers"]' >"$T/st" 2>&1
has "$T/st" "'full': True, 'guarded': None, 'process': None, 'writes': None"
end_test

begin_test "--enforce guarded probes guarded then, and runs at guarded"
fsj --enforce guarded -- true
assert_rc 0
tiers >"$T/tiers" 2>&1
has "$T/tiers" '^guarded True True [0-9]'
has "$T/tiers" '^process False False 0$'
grep '"run-start"' "$STATE_DIR/audit.ndjson" | tail -n 1 >"$T/start"
has "$T/start" 'guarded'
end_test

begin_test "fsjail probe proves every tier; a run after it probes nothing"
"$FSJAIL" probe --json >"$OUT" 2>"$ERR"
assert_rc 0
tiers >"$T/tiers" 2>&1
for t in full guarded process writes; do
	has "$T/tiers" "^$t True True [0-9]"
done
before=$(stat -c %Y.%s "$STATE_DIR"/probe/*.json)
sleep 1.1
fsj -- true
assert_rc 0
[ "$(stat -c %Y.%s "$STATE_DIR"/probe/*.json)" = "$before" ] || fail "the run probed again"
end_test

begin_test "tier full failing: auto probes full, then guarded, and stops there"
rm -rf "$STATE_DIR/probe"
FSJAIL_PROBE_FAIL=read-system fsj -- true
assert_rc 0
tiers >"$T/tiers" 2>&1
has "$T/tiers" '^full True False [0-9]'
has "$T/tiers" '^guarded True True [0-9]'
has "$T/tiers" '^process False False 0$'
has "$T/tiers" '^writes False False 0$'
end_test

begin_test "a cache entry claiming a tier it did not probe is proven is not used"
python3 - "$STATE_DIR/probe" <<'PY'
import glob, json, os, sys
f = glob.glob(os.path.join(sys.argv[1], "*.json"))[0]
d = json.load(open(f))
for t in d["tiers"]:
    if t["tier"] == "process":
        t["proven"] = True
json.dump(d, open(f, "w"))
PY
FSJAIL_PROBE_FAIL=read-system fsj --enforce process -- true
assert_rc 0
tiers >"$T/tiers" 2>&1
has "$T/tiers" '^process True True [0-9]'
end_test

done_testing
