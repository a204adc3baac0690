#!/bin/bash
# bench/run-backup.sh - what ModifyBackup (src/backup.h, notify.h) costs.
# One invocation prints wall times and ratios (issue 14 item 4) for:
#   - 10,000 small writes of existing files (one python3 process):
#     unconfined, Landlock only (FSJAIL_NO_NOTIFY=1), with interception;
#   - 10,000 creates of new files (one python3 process): each costs the
#     write-ahead "creating" record and the "created" record (issue 14);
#   - `grep -r` over 10,000 files: reads never trap (target <= 1.05x);
#   - `rm -rf` of a 10,000-file tree in the workspace against bare, with
#     the backups and trash entries it cost (target <= 2x, link-based);
#   - the backup of a 1 GiB file (`: >> file` under fsjail minus the same
#     run with FSJAIL_NO_NOTIFY=1) against `cp` (clones decide much).
# Nothing here asserts a time: the numbers are for people, not for tests.
# FSJAIL_BEFORE=BINARY times the same interception cases for another build
# in the same invocation, each right after this build's (before/after on
# one machine load; the ratios use the same Landlock-only and bare times).
# Environment: FSJAIL (default: src/fsjail of this tree), BENCH_DIR (where
# the scratch folder is made, default $HOME; it is removed at the end),
# BENCH_FILES (default 10000), BENCH_BIG_MB (default 1024): CI's smoke
# run shrinks both. HOME is a scratch folder: the trash is not yours.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-backup
nfiles=${BENCH_FILES:-10000}
big_mb=${BENCH_BIG_MB:-1024}
bench_own_home "$scratch"
mkdir -p "$ws/small" "$ws/tree" "$FSJAIL_HOME/config"
printf 'rules:\n  - path: .\n    allow: [read, write, create, delete]\n' >"$FSJAIL_HOME/config/rules.yaml"

# elapsed CMD...: run CMD, print its wall time in seconds.
elapsed()
{
	local t0 t1
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || die "failed: $*"
	t1=$(date +%s%N)
	python3 -c "print('%.3f' % (($t1 - $t0) / 1e9))"
}

reset_small()
{
	python3 - "$ws/small" "$nfiles" <<'EOF'
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    with open(os.path.join(d, "f%d" % i), "w") as f:
        f.write("old content %d\n" % i)
EOF
}

writer="import os
for i in range($nfiles):
    with open(os.path.join('$ws/small', 'f%d' % i), 'w') as f:
        f.write('new')"

before=${FSJAIL_BEFORE:-}
[ -z "$before" ] || [ -x "$before" ] || die "FSJAIL_BEFORE '$before' is not executable"

reset_small
t_free=$(elapsed python3 -c "$writer")
reset_small
t_ll=$(FSJAIL_NO_NOTIFY=1 elapsed "$fsjail" run --workspace "$ws" -- python3 -c "$writer")
reset_small
t_bk=$(elapsed "$fsjail" run --workspace "$ws" -- python3 -c "$writer")
backups() { cat "$FSJAIL_HOME"/state/sessions/*/*/*/manifest.ndjson 2>/dev/null | grep -c '"backup":"' || true; }
saved=$(backups)
if [ -n "$before" ]; then
	reset_small
	t_bk0=$(elapsed "$before" run --workspace "$ws" -- python3 -c "$writer")
fi

creator="import os
for i in range($nfiles):
    with open(os.path.join('$ws/new', 'n%d' % i), 'x') as f:
        f.write('new')"
reset_new() { rm -rf "$ws/new" && mkdir "$ws/new"; }
reset_new
n_free=$(elapsed python3 -c "$creator")
reset_new
n_ll=$(FSJAIL_NO_NOTIFY=1 elapsed "$fsjail" run --workspace "$ws" -- python3 -c "$creator")
reset_new
n_bk=$(elapsed "$fsjail" run --workspace "$ws" -- python3 -c "$creator")
if [ -n "$before" ]; then
	reset_new
	n_bk0=$(elapsed "$before" run --workspace "$ws" -- python3 -c "$creator")
fi
rm -rf "$ws/new"

make_tree "$ws/tree" "$nfiles" 10
g_free=$(elapsed sh -c "grep -r needle '$ws/tree'; true")
g_ll=$(FSJAIL_NO_NOTIFY=1 elapsed "$fsjail" run --workspace "$ws" -- sh -c "grep -r needle '$ws/tree'; true")
g_bk=$(elapsed "$fsjail" run --workspace "$ws" -- sh -c "grep -r needle '$ws/tree'; true")

cp -a "$ws/tree" "$ws/rm1"
r_free=$(elapsed rm -rf "$ws/rm1")
cp -a "$ws/tree" "$ws/rm2"
n0=$(backups)
r_bk=$(elapsed "$fsjail" run --workspace "$ws" -- rm -rf "$ws/rm2")
r_saved=$(($(backups) - n0))
r_trash=$(find "$HOME/.local/share/Trash/files" -type f 2>/dev/null | wc -l)
r_info=$(find "$HOME/.local/share/Trash/info" -name '*.trashinfo' 2>/dev/null | wc -l)
if [ -n "$before" ]; then
	rm -rf "$HOME/.local/share/Trash"
	cp -a "$ws/tree" "$ws/rm3"
	r_bk0=$(elapsed "$before" run --workspace "$ws" -- rm -rf "$ws/rm3")
	r_info0=$(find "$HOME/.local/share/Trash/info" -name '*.trashinfo' 2>/dev/null | wc -l)
fi

printf 'backup:\n  max_size_mb: %d\n' $((big_mb * 2)) >"$FSJAIL_HOME/config/config.yaml"
head -c $((big_mb * 1024 * 1024)) /dev/urandom >"$ws/big"
sync
c_cp=$(elapsed cp "$ws/big" "$scratch/big.copy")
rm -f "$scratch/big.copy"
# `: >> big` opens for writing and changes nothing: the difference between
# the two runs is the backup.
b_ll=$(FSJAIL_NO_NOTIFY=1 elapsed "$fsjail" run --workspace "$ws" -- sh -c ": >> '$ws/big'")
b_bk=$(elapsed "$fsjail" run --workspace "$ws" -- sh -c ": >> '$ws/big'")
b_net=$(python3 -c "print('%.3f' % max($b_bk - $b_ll, 0))")

fs=$(stat -f -c %T "$ws")
# rows for the build before, when asked
brow() { [ -z "$before" ] || printf '  before (FSJAIL_BEFORE)   %ss   (%sx %s)\n' "$1" "$(ratio "$1" "$2")" "$3"; }
cat <<EOF
fsjail ModifyBackup benchmark ($nfiles files, ${big_mb} MiB file, filesystem $fs)

$nfiles small writes of existing files (python3, one process):
  unconfined               ${t_free}s
  fsjail, Landlock only    ${t_ll}s   ($(ratio "$t_ll" "$t_free")x unconfined)
  fsjail, interception     ${t_bk}s   ($(ratio "$t_bk" "$t_free")x unconfined, $(ratio "$t_bk" "$t_ll")x Landlock only; $saved backups)
$(brow "${t_bk0:-0}" "$t_ll" "Landlock only")

$nfiles creates of new files (python3, one process):
  unconfined               ${n_free}s
  fsjail, Landlock only    ${n_ll}s   ($(ratio "$n_ll" "$n_free")x unconfined)
  fsjail, interception     ${n_bk}s   ($(ratio "$n_bk" "$n_ll")x Landlock only)
$(brow "${n_bk0:-0}" "$n_ll" "Landlock only")$([ -z "$before" ] || printf '\n  this build / before      %sx' "$(ratio "$n_bk" "${n_bk0:-1}")")

grep -r over $nfiles files (reads never trap):
  unconfined               ${g_free}s
  fsjail, Landlock only    ${g_ll}s   ($(ratio "$g_ll" "$g_free")x unconfined)
  fsjail, interception     ${g_bk}s   ($(ratio "$g_bk" "$g_ll")x Landlock only)

rm -rf of a $nfiles-file tree in the workspace:
  unconfined               ${r_free}s
  fsjail, interception     ${r_bk}s   ($(ratio "$r_bk" "$r_free")x unconfined; $r_saved backups, $r_trash in the trash, $r_info .trashinfo)
$(brow "${r_bk0:-0}" "$r_free" "unconfined; ${r_info0:-0} .trashinfo")

backup of a ${big_mb} MiB file:
  cp                       ${c_cp}s
  fsjail backup (net)      ${b_net}s  ($(ratio "$b_net" "$c_cp")x cp; run ${b_bk}s - Landlock-only run ${b_ll}s)
EOF
