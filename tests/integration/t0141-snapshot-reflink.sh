#!/bin/bash
# The snapshot method with clones (issue 15 item 4): on a loop-mounted XFS
# made with reflink=1, the workspace and fsjail's state share one
# filesystem, so every file is cloned (ioctl FICLONE) before the run, not
# copied: a 64 MiB file over backup.max_size_mb (1) is kept all the same,
# which a copy never is. Changed in place and deleted, both come back byte
# for byte with `fsjail backups restore`. Root only (mkfs, mount -o loop);
# skipped loudly without mkfs.xfs (xfsprogs, in README's apt line, so
# FSJAIL_REQUIRE_KERNEL=1 makes that a failure) or loop devices.
. "$(dirname "$0")/libserial.sh" loop

plan 3
setup
require_landlock

loop_fs_home mkfs.xfs 400M "reflink snapshot (apt-get install xfsprogs)" -m reflink=1
write_config <<'YAML'
backup:
  method: snapshot
  max_size_mb: 1
YAML
head -c 67108864 /dev/urandom >"$WS/big.bin"
head -c 67108864 /dev/urandom >"$WS/big2.bin"
printf 'small\n' >"$WS/small.txt"
cp -a "$WS" "$T/before"

begin_test "every file is cloned, none copied, whatever its size"
FSJAIL_TIMING=1 fsj_sh -- 'printf tail >>big.bin; rm big2.bin; echo more >>small.txt'
assert_rc 0
assert_err_match 'snapshot: 3 files, .* 3 cloned, 0 copied \(0.0 MiB\), 0 not kept'
end_test

begin_test "the changed and the deleted 64 MiB files are in the cycle"
man=$(ls "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson)
# over the cap, the clone itself is kept (by a link: a "remove" record)
grep -q '"op":"remove","path":"'"$WS"'/big.bin".*"backup":"[0-9]' "$man" || fail "big.bin not kept"
grep -q '"op":"remove","path":"'"$WS"'/big2.bin".*"backup":"[0-9]' "$man" || fail "big2.bin not kept"
[ "$T_FAIL" = 1 ] && diag_file manifest "$man"
end_test

begin_test "backups restore puts them back byte for byte"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
diff -r "$T/before" "$WS" >"$T/diff" 2>&1 || { fail "the workspace differs"; diag_file diff "$T/diff"; }
end_test

done_testing
