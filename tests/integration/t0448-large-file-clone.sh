#!/bin/bash
# A change in place of a pre-existing file over backup.max_size_mb (undo33
# item 4). The listener skipped it before any copy: "fsjail: not kept:
# PATH (20 MB over backup.max_size_mb)" for a 20 MB file, which is not 20
# MB over a 10 MB limit, and on a filesystem with clones (XFS reflink,
# btrfs) a truncation of it was not kept either, though a clone costs no
# copy (DESIGN.md section 9: "clone ..., else copy under the size cap", as
# the snapshot method does). Now the line says the size and the limit,
# and the file is kept by a clone (FICLONE) where the store's filesystem
# has one, whatever its size: restore brings it back byte for byte; else
# the run's summary names it again after the run (changed without a
# backup: restore cannot bring it back).
. "$(dirname "$0")/libserial.sh" loop

plan 3
setup
require_landlock

begin_test "a 20 MB file written in place (no clones here): the line says its size and the limit"
head -c 20M /dev/zero >"$WS/big.bin"
fsj_sh -- 'echo more >>big.bin'
assert_rc 0
assert_err_match "^fsjail: not kept: $WS/big\\.bin \\(20 MB, over backup\\.max_size_mb: 10 MB\\)\$"
assert_out_nomatch 'MB over'
# and again after the run, under the summary's line
assert_err_match "^fsjail: changed without a backup \\(over backup\\.max_size_mb, and no clones on this filesystem\\): restore cannot bring back\$"
assert_err_match "^  $WS/big\\.bin \\(20 MB\\)\$"
end_test

loop_fs_home mkfs.xfs 400M "clones of large files (apt-get install xfsprogs)" -m reflink=1
head -c 20M /dev/urandom >"$WS/big.bin"
head -c 24M /dev/urandom >"$WS/big2.bin"
sha256sum "$WS/big.bin" "$WS/big2.bin" >"$T/sums"

begin_test "XFS reflink: a 20 MB file truncated (O_TRUNC) and one written in place are kept by clones"
fsj_sh -- ': >big.bin; printf tail >>big2.bin'
assert_rc 0
grep -q 'not kept' "$ERR" && fail "said not kept: $(cat "$ERR")"
[ "$(stat -c %s "$WS/big.bin")" = 0 ] || fail "big.bin was not truncated"
end_test

begin_test "XFS reflink: restore brings both back byte for byte"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
(cd / && sha256sum -c --quiet "$T/sums") >"$T/sumcheck" 2>&1 ||
	{ fail "not back whole"; diag_file sumcheck "$T/sumcheck"; diag_file out "$OUT"; }
end_test

done_testing
