#!/bin/bash
# The snapshot method on a filesystem whose timestamps count whole seconds
# (ext4 made with 128-byte inodes): a file written just before the run and
# rewritten by the run to the same size in the same second keeps its size,
# mtime and ctime, so the times alone say "unchanged". A file changed
# within 2 s of the snapshot is compared by content (src/snapshot-diff.c
# file_change(), git's "racy clean"), so its content from before the run
# is in the cycle and comes back with `fsjail backups restore`. Before,
# nothing was kept and the run made no cycle at all. The files are made
# right after a second begins so that the run's writes fall in the same
# second (a run slower than that makes the test weaker, never wrong).
# Another filesystem mounted in the workspace is not walked: the run says
# so (it was silent). Root only (mkfs.ext4, mount -o loop).
. "$(dirname "$0")/libserial.sh" loop

plan 3
setup
require_landlock

loop_fs_home mkfs.ext4 64M "second-granularity snapshot" -I 128
write_config <<'YAML'
backup:
  method: snapshot
YAML

# wait for the start of a second, then write the files
s=$(date +%s)
while [ "$(date +%s)" = "$s" ]; do :; done
for i in 1 2 3; do echo "before$i" >"$WS/f$i"; done
cp -a "$WS" "$T/before"

begin_test "a same-size rewrite in the second of the file's last change is kept"
fsj_sh -- 'for i in 1 2 3; do echo "after!$i" >"f$i"; done'
assert_rc 0
man=$(ls "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson 2>/dev/null)
for i in 1 2 3; do
	grep -q '"path":"'"$WS/f$i"'"' $man /dev/null || fail "f$i not in the cycle"
done
end_test

begin_test "restore brings the content from before the run back"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
diff -r "$T/before" "$WS" >/dev/null 2>&1 || fail "differs: $(diff -r "$T/before" "$WS" 2>&1 | head -3 | tr '\n' ' ')"
end_test

begin_test "a filesystem mounted in the workspace: the run says it is not walked"
mkdir -p "$WS/sub"
mount -t tmpfs tmpfs "$WS/sub" || fail "cannot mount a tmpfs"
echo x >"$WS/sub/f"
fsj_sh -- 'echo y >sub/f'
assert_rc 0
assert_err_match "snapshot: '$WS/sub' is another filesystem, not walked"
umount "$WS/sub"
end_test

done_testing
