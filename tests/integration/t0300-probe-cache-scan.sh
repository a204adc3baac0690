#!/bin/bash
# The old single probe cache file (probe-cache.json, fsjail before the
# folder $STATE/probe/ of one file per key) is still read when the folder
# has no entry for the workspace, without parsing it whole (issue 18;
# perf19): only the entries whose text names the workspace go to cJSON.
# What it finds must be what a parse of the whole file found:
#   - the matching entry among 31 of other workspaces is used, the first
#     of two that match (the cache's order), however far down it is;
#   - a file cJSON refuses anywhere (after the matching entry, a lone
#     UTF-16 surrogate in another workspace's name, which cJSON refuses and
#     RFC 8259's grammar allows), one
#     whose schema is named twice (once escaped, which cJSON reads first),
#     or whose entries are named twice, is not trusted: the probe runs;
#   - an entry of the workspace with another baseline identity is not used;
#   - an entry found there is migrated: stored in the folder, and used
#     from there when the old file is gone (perf23).
# "cached" of `fsjail probe --json` says which (t0013 tests the cache's
# other rules).
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libprobe.sh"

plan 5
setup
require_landlock

CACHE=$STATE_DIR/probe-cache.json
PDIR=$STATE_DIR/probe

# probe_json: of $WS (libprobe.sh).
probe_json()
{
	probe_json_in "$WS"
}

# expect_probe CACHED [TIME] DESC: cached (True|False) and, when given, the
# report's time (which entry was used).
expect_probe()
{
	local got want_time=${2:-} desc=${3:-$2}
	got=$(json "$T/p.json" 'd["cached"]' 2>/dev/null)
	[ "$got" = "$1" ] || { fail "cached is '$got', expected $1 ($desc)"; diag_last; }
	if [ $# -ge 3 ] && [ "$(json "$T/p.json" 'd["time"]')" != "$want_time" ]; then
		fail "the entry used has time '$(json "$T/p.json" 'd["time"]')', expected" \
			"'$want_time' ($desc)"
	fi
}

# craft MODE: rewrite the cache from $T/entry.json (this workspace's entry)
# in the shape MODE names.
craft()
{
	rm -rf "$PDIR"
	python3 - "$T/entry.json" "$CACHE" "$1" <<'PY' || fail "cannot craft the cache ($1)"
import json, sys
entry = json.load(open(sys.argv[1]))
path, mode = sys.argv[2], sys.argv[3]
def other(i):
    e = json.loads(json.dumps(entry))
    e["key"]["workspace"] = "/elsewhere/ws%02d" % i
    e["time"] = "2000-01-01T00:00:%02dZ" % i
    return e
def dump(o):
    return json.dumps(o, separators=(",", ":"))
second = json.loads(json.dumps(entry))
second["time"] = "2001-01-01T00:00:00Z"
ents = [other(i) for i in range(30)] + [entry, second]
head = '{"schema":"fsjail-probe-cache/1","entries":['
body = ",".join(dump(e) for e in ents)
if mode == "far":
    text = head + body + "]}"
elif mode == "broken-after":
    text = head + dump(entry) + ',{"a":}]}'
elif mode == "lone-surrogate":
    o = other(1)
    o["key"]["workspace"] = "/elsewhere/\ud83d"
    text = head + dump(o) + "," + dump(entry) + "]}"
elif mode == "schema-escaped":
    text = ('{"sch\\u0065ma":"fsjail-probe-cache/0","schema":"fsjail-probe-cache/1",'
            '"entries":[' + dump(entry) + "]}")
elif mode == "entries-twice":
    text = head + "]," + '"entries":[' + dump(entry) + "]}"
elif mode == "other-baseline":
    e = json.loads(json.dumps(entry))
    e["key"]["baseline"]["mtime_sec"] += 1
    text = head + dump(e) + "]}"
else:
    sys.exit("unknown mode " + mode)
open(path, "w").write(text + "\n")
PY
}

rm -rf "$CACHE" "$PDIR"
probe_json
assert_rc 0
[ -f "$(echo "$PDIR"/pk-*.json)" ] || bail_out "no entry (one) of the workspace in $PDIR"
cp "$PDIR"/pk-*.json "$T/entry.json"
mine=$(json "$T/entry.json" 'd["time"]')

begin_test "the workspace's entry after 30 others is used, the first of two that match"
craft far
probe_json
assert_rc 0
expect_probe True "$mine" "entry 31 of 32"
end_test

begin_test "a file cJSON refuses after the matching entry is not trusted"
craft broken-after
probe_json
assert_rc 0
expect_probe False "an element '{\"a\":}' after the entry"
craft lone-surrogate
probe_json
assert_rc 0
expect_probe False "a lone UTF-16 surrogate in another workspace's entry"
end_test

begin_test "schema named twice (escaped first) or entries twice: as a whole parse reads it"
craft schema-escaped
probe_json
assert_rc 0
expect_probe False "cJSON reads the escaped schema, another one"
craft entries-twice
probe_json
assert_rc 0
expect_probe False "cJSON reads the first, empty, entries"
end_test

begin_test "the workspace's entry with another baseline identity is not used"
craft other-baseline
probe_json
assert_rc 0
expect_probe False "baseline mtime one second later"
end_test

begin_test "an entry found in the old file is migrated to the folder"
craft far
probe_json
assert_rc 0
expect_probe True "$mine" "from the old file"
[ -f "$(echo "$PDIR"/pk-*.json)" ] || fail "the entry was not stored in $PDIR"
rm -f "$CACHE"
probe_json
assert_rc 0
expect_probe True "$mine" "from the folder, the old file gone"
end_test

done_testing
