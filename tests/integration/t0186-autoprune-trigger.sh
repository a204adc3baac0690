#!/bin/bash
# The automatic prune runs when it is due, not after every run (issue 12:
# prune_store() listed and measured every cycle of the store after each
# run; src/backup_autoprune.h): a fresh stamp leaves an expired cycle for
# later; the 64th committed cycle, 10 minutes since the last prune, a
# store that may have crossed backup.store_max_mb, keep_days 0, and a
# missing, garbled or symlinked stamp each prune at once; the store stays
# within store_max_mb run after run; an uncommitted cycle of a live run is
# never pruned. Before, the first test failed (every run pruned).
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock

STAMP=$STATE_DIR/backup-prune.stamp
OLD=$STATE_DIR/sessions/old/modify_backup/20200101T000000.000000-4

# old_cycle: a committed cycle of 2020 (expired under keep_days 14)
old_cycle()
{
	mkdir -p "$OLD/files"
	echo '{"op":"cycle","session":"old","workspace":"'"$WS"'","kind":"run","pid":1,"time":1577836800}' \
		>"$OLD/manifest.ndjson"
	echo '{}' >"$OLD/commit.json"
	touch -d 2020-01-01 "$OLD"
}

# stamp LAST RUNS BYTES STORE
stamp()
{
	mkdir -p "$STATE_DIR"
	printf 'fsjail-prune 1 %s %s %s %s\n' "$@" >"$STAMP"
}

# change: a run whose cycle is committed (a file changed in place)
n=0
change()
{
	n=$((n + 1))
	echo "v$n" >"$WS/f"
	fsj_sh -- "echo changed $n >f"
	assert_rc 0
}

echo v0 >"$WS/f"
fsj_sh -- 'echo first >f' # the state folder, the store
assert_rc 0

begin_test "a fresh stamp: an expired cycle stays for now, the run is counted"
old_cycle
stamp "$(date +%s)" 0 0 0
change
assert_exists "$OLD"
read -r _ _ _ runs bytes _ <"$STAMP"
[ "$runs" = 1 ] || fail "stamp counts $runs runs: $(cat "$STAMP")"
[ "$bytes" -gt 0 ] 2>/dev/null || fail "stamp counts no bytes: $(cat "$STAMP")"
end_test

begin_test "the 64th committed cycle, 10 minutes, keep_days 0 each prune"
stamp "$(date +%s)" 63 0 0
change
assert_not_exists "$OLD"
read -r _ _ last runs _ <"$STAMP"
[ "$runs" = 0 ] || fail "after the prune the stamp counts $runs runs"
[ $(($(date +%s) - last)) -lt 60 ] || fail "the stamp does not say when: $(cat "$STAMP")"
# time: even a run that keeps no cycle
old_cycle
stamp $(($(date +%s) - 601)) 0 0 0
fsj_sh -- 'echo x >t && rm t'
assert_rc 0
assert_not_exists "$OLD"
old_cycle
stamp "$(date +%s)" 0 0 0
cp "$CONFIG" "$T/config" 2>/dev/null || : >"$T/config"
write_config <<'YAML'
backup:
  keep_days: 0
YAML
change
assert_not_exists "$OLD"
cp "$T/config" "$CONFIG"
end_test

begin_test "a missing, garbled or symlinked stamp prunes; a symlink is not followed"
old_cycle
rm -f "$STAMP"
change
assert_not_exists "$OLD"
grep -q '^fsjail-prune 1 [0-9]* 0 0 [0-9]*$' "$STAMP" || fail "stamp not written: $(cat "$STAMP")"
old_cycle
printf 'fsjail-prune 1 99999999999 0 0 0' >"$STAMP" # no newline
change
assert_not_exists "$OLD"
old_cycle
echo precious >"$T/target"
rm -f "$STAMP"
ln -s "$T/target" "$STAMP"
change
assert_not_exists "$OLD"
assert_content "$T/target" precious
rm -f "$STAMP"
end_test

# bytes: what the store holds (as backups prune counts: blocks of the
# files, a saved file only while it has no other name)
store_bytes()
{
	python3 - "$STATE_DIR/sessions" <<'PY'
import os, sys
total = 0
for root, dirs, files in os.walk(sys.argv[1]):
    for f in files:
        st = os.lstat(os.path.join(root, f))
        if os.path.basename(root) != "files" or st.st_nlink == 1:
            total += st.st_blocks * 512
print(total)
PY
}

begin_test "backup.store_max_mb: the store stays within it, run after run"
write_config <<'YAML'
backup:
  store_max_mb: 1
YAML
fsjail_prune_all() { "$FSJAIL" backups prune --older-than 0 >/dev/null 2>&1; }
fsjail_prune_all
stamp "$(date +%s)" 0 0 0
for i in 1 2 3 4 5 6 7; do
	head -c 300000 /dev/urandom >"$WS/big$i"
	fsj_sh -- "echo over >big$i"
	assert_rc 0
	b=$(store_bytes)
	[ "$b" -le 1048576 ] || fail "after run $i the store holds $b bytes (store_max_mb 1)"
done
end_test

begin_test "a due prune never removes the uncommitted cycle of a live run"
head -c 2000000 /dev/urandom >"$WS/live"
cp "$WS/live" "$T/live.orig"
setsid "$FSJAIL" run --workspace "$WS" -- bash -c 'rm -f live; touch gone.flag; sleep 3' \
	>"$T/live.out" 2>&1 </dev/null &
LPID=$!
for _ in $(seq 1 300); do
	[ -e "$WS/gone.flag" ] && break
	sleep 0.05
done
rm -f "$STAMP" # due at once, and the store is over 1 MiB
change
wait "$LPID" || fail "the live run: exit $?"
run_cmd "$FSJAIL" backups restore --workspace "$WS" --cycle \
	"$("$FSJAIL" backups list --workspace "$WS" | grep -F 'rm -f live' | awk '{print $2}')"
assert_rc 0
cmp -s "$WS/live" "$T/live.orig" || fail "live not restored"
end_test

begin_test "backups prune still empties the store of ended runs"
run_cmd "$FSJAIL" backups prune --older-than 0
assert_rc 0
left=$(find "$STATE_DIR/sessions" -name manifest.ndjson | wc -l)
[ "$left" = 0 ] || fail "$left cycles left"
end_test

done_testing
