#!/bin/bash
# The probe cache is one file per workspace (mode, backend, home) under
# $STATE/probe/, so that a run reads only its own (perf23; the single file
# of all entries cost ~0.6 ms a run with 32 workspaces):
#   - two workspaces: each has its file; probing one leaves the other's
#     alone, and both are read back; so do two rules files of one;
#   - concurrent probes of 6 workspaces each store their entry (the old
#     single file, read, amended and renamed by each, lost some);
#   - a hostile file at the workspace's name (another workspace's report,
#     a report of another key, more than the size limit, a symlink to a
#     valid report) is not trusted: the probe runs and replaces it;
#   - at most 32 entry files are kept, the least recently stored removed,
#     the one just stored always kept, other names left alone.
# t0013 tests the cache's other rules, t0300 the old single file.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libprobe.sh"

plan 4
setup
require_landlock

PDIR=$STATE_DIR/probe

# entry_of DIR: the cache file whose report names workspace DIR (empty: none).
entry_of()
{
	local real
	real=$(realpath "$1")
	python3 - "$PDIR" "$real" <<'PY'
import json, os, sys
d, ws = sys.argv[1], sys.argv[2]
for n in sorted(os.listdir(d)):
    try:
        if json.load(open(os.path.join(d, n)))["key"]["workspace"] == ws:
            print(os.path.join(d, n))
    except Exception:
        pass
PY
}

A=$HOME/wa B=$HOME/wb
mkdir -p "$A" "$B"

begin_test "two workspaces: a file each, probing one leaves the other's alone"
rm -rf "$PDIR" "$STATE_DIR/probe-cache.json"
probe_json_in "$A"
assert_rc 0
fa=$(entry_of "$A")
[ -f "$fa" ] || fail "no file of workspace A under $PDIR"
stamp=$(stat -c %Y.%y.%i "$fa")
probe_json_in "$B"
assert_rc 0
expect_cached False "B's first probe"
fb=$(entry_of "$B")
[ -f "$fb" ] && [ "$fb" != "$fa" ] || fail "B has no file of its own: '$fb' (A: '$fa')"
[ "$(stat -c %Y.%y.%i "$fa")" = "$stamp" ] || fail "probing B rewrote A's file"
[ "$(find "$PDIR" -type f | wc -l)" = 2 ] || fail "not two files: $(ls -a "$PDIR")"
probe_json_in "$A"
expect_cached True "A again"
probe_json_in "$B"
expect_cached True "B again"
[ ! -e "$STATE_DIR/probe-cache.json" ] || fail "the old single file was written"
# two rules files alternated in one workspace: an entry each
printf 'rules: []\n' >"$T/r1.yaml"
printf 'rules: []\n\n' >"$T/r2.yaml"
"$FSJAIL" probe --rules "$T/r1.yaml" --workspace "$A" >/dev/null 2>&1
"$FSJAIL" probe --rules "$T/r2.yaml" --workspace "$A" >/dev/null 2>&1
"$FSJAIL" probe --rules "$T/r1.yaml" --workspace "$A" --json >"$T/p.json" 2>"$ERR"
expect_cached True "rules file 1 after rules file 2"
end_test

begin_test "concurrent probes of six workspaces: every entry is stored"
rm -rf "$PDIR"
pids=()
for i in 1 2 3 4 5 6; do
	mkdir -p "$HOME/c$i"
	"$FSJAIL" probe --workspace "$HOME/c$i" >/dev/null 2>"$T/c$i.err" &
	pids+=($!)
done
for p in "${pids[@]}"; do
	wait "$p" || fail "a concurrent probe failed: $(cat "$T"/c*.err)"
done
for i in 1 2 3 4 5 6; do
	[ -f "$(entry_of "$HOME/c$i")" ] || fail "workspace c$i's entry was lost"
	probe_json_in "$HOME/c$i"
	expect_cached True "c$i after the concurrent probes"
done
ls -a "$PDIR" | grep -q '^\.pk-' && fail "a temporary file was left: $(ls -a "$PDIR")"
end_test

begin_test "a hostile file at the workspace's name is not trusted, and replaced"
probe_json_in "$B"
probe_json_in "$A"
probe_json_in "$A"
expect_cached True "A before"
fa=$(entry_of "$A") fb=$(entry_of "$B")
cp "$fa" "$T/a.json"
# B's report under A's name: valid in every detail, another workspace
cp "$fb" "$fa"
probe_json_in "$A"
assert_rc 0
expect_cached False "B's report at A's name"
[ "$(entry_of "$A")" = "$fa" ] || fail "A's file was not rewritten as A's"
# A's report of another key (another kernel release)
python3 -c 'import json, sys
c = json.load(open(sys.argv[1])); c["key"]["os_release"] = "0.0.0-other"
json.dump(c, open(sys.argv[2], "w"))' "$T/a.json" "$fa"
probe_json_in "$A"
expect_cached False "another kernel release"
# A's valid report padded past the size limit (4 MiB) with blanks
python3 -c 'import sys
t = open(sys.argv[1]).read().rstrip("\n")
open(sys.argv[2], "w").write(t + " " * (4 * 1024 * 1024) + "\n")' "$T/a.json" "$fa"
probe_json_in "$A"
expect_cached False "a file over the size limit"
[ "$(stat -c %s "$fa")" -lt 1000000 ] || fail "the oversized file was not replaced"
# a symlink to A's valid report is not followed
cp "$T/a.json" "$T/target.json"
rm -f "$fa" && ln -s "$T/target.json" "$fa"
probe_json_in "$A"
expect_cached False "a symlink to a valid report"
[ -f "$fa" ] && ! [ -L "$fa" ] || fail "the symlink was not replaced by a file"
cmp -s "$T/a.json" "$T/target.json" || fail "the symlink's target was written"
probe_json_in "$A"
expect_cached True "A after all that"
end_test

begin_test "at most 32 entry files: the least recently stored go, other names stay"
rm -rf "$PDIR"
probe_json_in "$A"
fa=$(entry_of "$A")
mkdir -p "$PDIR"
for i in $(seq 10 49); do
	# 40 stale entries, stored in 2000 + i seconds; a name not of an entry
	printf '{}\n' >"$PDIR/pk-00000000000000$i.json"
	touch -d "@$((946684800 + i))" "$PDIR/pk-00000000000000$i.json"
done
echo keep >"$PDIR/not-an-entry"
touch -d "@946684800" "$fa" # A's the oldest of all
probe_json_in "$B"
assert_rc 0
n=$(find "$PDIR" -name 'pk-*.json' | wc -l)
[ "$n" = 32 ] || fail "$n entry files kept, expected 32"
fb=$(entry_of "$B")
[ -f "$fb" ] || fail "the entry just stored was removed"
[ -f "$PDIR/pk-0000000000000049.json" ] || fail "the newest stale entry was removed"
# kept: B and the 31 newest others (49 down to 19); gone: 10-18 and A
[ ! -e "$PDIR/pk-0000000000000018.json" ] || fail "the 9th oldest stale entry was kept"
[ -f "$PDIR/pk-0000000000000019.json" ] || fail "the 10th oldest stale entry was removed"
[ -z "$(entry_of "$A")" ] || fail "A's entry, the oldest, was kept"
assert_content "$PDIR/not-an-entry" keep
end_test

done_testing
