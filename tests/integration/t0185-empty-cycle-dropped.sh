#!/bin/bash
# A run whose backup cycle holds nothing to restore leaves no cycle
# (issue 12: `git status` takes and removes .git/index.lock, so every run
# committed a cycle, syncfs and fsyncs, and the store grew by one cycle
# per `git status`; src/backup_commit.c). Only names the run made and
# removed again are "nothing": a file made then renamed over an older one,
# renames of older files, an older file linked and removed, a file made
# and kept, a chmod, a delete, a git commit each keep their cycle, and a
# restore of every cycle, newest first, gives back every path of the
# workspace as it was (hash manifest). Before, the first three tests
# failed (one cycle per run). Run as root, and (when root) again as the
# ordinary user FSJAIL_TEST_USER (default cloudsdk) from a copy of this
# script under runuser(1).
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan_user_pass FSJ_EMPTY_CYCLE_USER_PASS 4
setup
require_landlock
command -v git >/dev/null || skip_rest_kernel "git is needed"
git_env

# manifest DIR: type, mode, symlink target of every path, and the SHA-256
# of every regular file (no link count: see the known gap below)
manifest()
{
	(cd "$1" && find . -mindepth 1 -printf '%y %m %p %l\n' &&
		find . -type f -print0 | xargs -0r sha256sum) | LC_ALL=C sort
}

mkdir -p "$WS/src"
for i in $(seq 1 60); do echo "file $i" >"$WS/src/f$i"; done
for i in 1 2 3 4 5 6 7; do echo "pre $i" >"$WS/pre$i"; done
git_settled "$WS"
manifest "$WS" >"$T/m0"

begin_test "git status, diff and log runs leave no cycle and no folder in the store"
for _ in 1 2 3; do
	fsj -- git status --porcelain
	assert_rc 0
done
fsj -- git diff --stat
assert_rc 0
fsj_sh -- 'git log --oneline >/dev/null && git status >/dev/null'
assert_rc 0
n=$(cycles)
[ "$n" = 0 ] || fail "$n cycles after git status runs: $("$FSJAIL" backups list --workspace "$WS" 2>&1 | head -3)"
# only the spare folders the next run takes (src/backup_spare.h): no
# record, no file
left=$(find "$STATE_DIR/sessions" -mindepth 1 ! -path "$STATE_DIR/sessions/.spare-[01]" \
	! -path "$STATE_DIR/sessions/.spare-[01]/modify_backup" \
	! -path "$STATE_DIR/sessions/.spare-[01]/modify_backup/.spare" \
	! -path "$STATE_DIR/sessions/.spare-[01]/modify_backup/.spare/files" \
	! -path "$STATE_DIR/sessions/.spare-[01]/modify_backup/.spare/spare.ndjson" 2>/dev/null | head -3)
[ -z "$left" ] || fail "left in the store: $left"
for m in "$STATE_DIR"/sessions/.spare-*/modify_backup/.spare/spare.ndjson; do
	[ ! -s "$m" ] || fail "a spare holds records: $m"
done
end_test

begin_test "names made and removed again (files, renames among them, folders, symlinks) leave no cycle"
fsj_sh -- 'echo x >tmp1 && mv tmp1 tmp2 && rm tmp2 && mkdir -p d1/d2 && echo y >d1/d2/a &&
mv d1 d3 && rm -r d3 && ln -s pre1 sl && rm sl && echo w >w && ln w w2 && rm w w2 &&
echo z >src/.lock && rm src/.lock'
assert_rc 0
n=$(cycles)
[ "$n" = 0 ] || fail "$n cycles: $("$FSJAIL" backups show --workspace "$WS" 2>&1 | head -5)"
end_test

begin_test "every run with something to restore keeps its cycle"
want=0
step()
{
	fsj_sh -- "$1"
	[ "$RC" = 0 ] || fail "'$1': exit $RC: $(head -c 300 "$ERR")"
	want=$((want + 1))
	n=$(cycles)
	[ "$n" = "$want" ] || fail "'$1': $n cycles, not $want"
}
step 'echo new >t && mv t pre1'                  # made, renamed over an older file
step 'echo a >n1 && mv n1 n2 && mv n2 pre2'      # a chain of renames, then over one
step 'mv pre3 x1 && mv x1 x2 && mv x2 pre3b'     # an older file renamed, twice
step 'ln pre4 l4 && rm pre4 && rm l4'            # an older file linked, both names gone
step 'echo kept >kept'                           # made and kept
step 'chmod 600 pre5'                            # metadata
step 'rm pre6'                                   # a delete
step 'echo more >>pre7'                          # a change in place
step 'echo changed >src/f1 && git add -A && git commit -qm two && git status >/dev/null'
end_test

begin_test "a restore of every cycle, newest first, gives the workspace back"
for c in $("$FSJAIL" backups list --workspace "$WS" 2>/dev/null | awk '{print $2}' | sort -r); do
	"$FSJAIL" backups restore --workspace "$WS" --cycle "$c" >>"$T/restore.out" 2>&1 ||
		fail "restore of $c: exit $?"
done
manifest "$WS" >"$T/m1"
if [ -n "$(LC_ALL=C comm -23 "$T/m0" "$T/m1")" ]; then
	fail "lost after the restores:"
	LC_ALL=C comm -23 "$T/m0" "$T/m1" | head -20 | sed 's/^/#   /'
	diag_file restore "$T/restore.out"
fi
# Known gaps of restore (not of this change): a name made by link(2) has
# no record, so a second name of an older file (l4) comes back with it,
# and git's objects, written to a temporary file then linked to their
# name, stay.
LC_ALL=C comm -13 "$T/m0" "$T/m1" | grep -v ' \./\.git/objects/' |
	grep -v ' \./l4 *$' >"$T/extra" || true
[ -s "$T/extra" ] && { fail "more after the restores than before:"; sed 's/^/#   /' "$T/extra"; }
git -C "$WS" fsck --no-dangling >"$T/fsck" 2>&1 || fail "git fsck: $(head -c 300 "$T/fsck")"
end_test

end_user_pass

done_testing
