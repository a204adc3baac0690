#!/bin/bash
# Undo without a hook (issue 15 item 4): backup: {method: snapshot}. The
# workspace is snapshot before the command (plain copies here: the test
# folder is not on a filesystem with clones), compared after it, and the
# originals of exactly what changed go into the cycle; `fsjail backups
# restore` then puts the workspace back byte for byte: a file changed in
# place, one deleted, one renamed, a folder renamed, a folder deleted
# with its files, an atomic save (a new file renamed over), two names
# swapped, a mode change; what the run made goes to the trash. The
# listener takes no backup of its own in this mode, and the snapshot's
# staging folder is gone after the run.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libundo.sh"

plan 8
setup
require_landlock

snapshot_mode

mkdir -p "$WS/d/sub" "$WS/gone/deep" "$WS/ren"
printf 'alpha\n' >"$WS/a.txt"
printf 'beta\n' >"$WS/b.txt"
printf 'gamma\n' >"$WS/d/c.txt"
printf 'epsilon\n' >"$WS/d/sub/e.txt"
printf 'zeta\n' >"$WS/gone/deep/z.txt"
printf 'eta\n' >"$WS/gone/h.txt"
printf 'old save\n' >"$WS/save.txt"
printf 'x\n' >"$WS/x"
printf 'y\n' >"$WS/y"
printf 'mode\n' >"$WS/mode.sh"
chmod 755 "$WS/mode.sh"
printf 'renamed folder\n' >"$WS/ren/r.txt"
printf 'untouched\n' >"$WS/same.txt"
ln -s a.txt "$WS/link"
touch -d '2020-01-02 03:04:05' "$WS/a.txt" "$WS/b.txt" "$WS/same.txt"
cp -a "$WS" "$T/before"

begin_test "a run in snapshot mode changes the workspace and keeps the cost said"
# shellcheck disable=SC2016
fsj_sh -- 'set -e
	echo more >>a.txt; rm b.txt; mv d/c.txt d/c2.txt; mv d/sub sub-moved
	rm -rf gone; printf "new save\n" >save.tmp; mv save.tmp save.txt
	mv x x.tmp; mv y x; mv x.tmp y; chmod 600 mode.sh; mv ren ren2
	mkdir newdir; echo n >newdir/n.txt; echo c >created.txt; rm link'
assert_rc 0
assert_content "$WS/a.txt" "$(printf 'alpha\nmore')"
assert_not_exists "$WS/b.txt"
assert_content "$WS/y" x
assert_err_match 'fsjail: snapshot: [0-9]+ files, [0-9]+ folders, 1 symlinks; 0 cloned, [0-9]+ copied'
end_test

begin_test "the staging folder is gone; the cycle keeps exactly the changed originals"
assert_rc 0
if ls -d "$STATE_DIR"/sessions/*/.snapshot-* 2>/dev/null | grep -q .; then
	fail "a staging folder was left: $(ls -d "$STATE_DIR"/sessions/*/.snapshot-*)"
fi
man=$(ls "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson)
[ -f "$man" ] || fail "no manifest"
for p in a.txt b.txt gone/deep/z.txt gone/h.txt save.txt; do
	grep -q "\"path\":\"$WS/$p\"" "$man" || fail "no record of $p"
done
grep -q "same.txt" "$man" && fail "an unchanged file was kept"
grep -q '"op":"rmdir","path":"'"$WS"'/gone"' "$man" || fail "no rmdir record of gone"
grep -q '"op":"renamed","from":"'"$WS"'/d/c.txt","to":"'"$WS"'/d/c2.txt"' "$man" ||
	fail "no rename record of d/c.txt"
grep -q '"op":"renamed","from":"'"$WS"'/d/sub","to":"'"$WS"'/sub-moved"' "$man" ||
	fail "no rename record of d/sub"
grep -q '"op":"renamed","from":"'"$WS"'/d/sub/e.txt"' "$man" &&
	fail "a file that moved with its folder was recorded as renamed"
grep -q '"op":"meta","path":"'"$WS"'/mode.sh"' "$man" || fail "no meta record of mode.sh"
grep -q '"op":"special","path":"'"$WS"'/link"' "$man" || fail "no record of the symlink"
[ "$(grep -c '"call":"notify"' "$man")" = 0 ] || fail "the listener took backups too"
[ "$T_FAIL" = 1 ] && diag_file manifest "$man"
end_test

begin_test "backups restore puts the workspace back byte for byte"
restored_as "$T/before"
[ "$(stat -c %a "$WS/mode.sh")" = 755 ] || fail "mode.sh is $(stat -c %a "$WS/mode.sh"), not 755"
[ "$(readlink "$WS/link")" = a.txt ] || fail "the symlink is not back"
[ "$(stat -c %Y "$WS/a.txt")" = "$(stat -c %Y "$T/before/a.txt")" ] || fail "a.txt's mtime"
assert_not_exists "$WS/created.txt"
assert_not_exists "$WS/newdir"
end_test

begin_test "what the run made went to the trash; a second restore does nothing"
ls "$HOME/.local/share/Trash/files" >"$T/trash" 2>&1
grep -q '^created.txt' "$T/trash" || fail "created.txt is not in the trash: $(cat "$T/trash")"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
diff -r --no-dereference "$T/before" "$WS" >/dev/null 2>&1 || fail "the second restore changed it"
end_test

begin_test "a file over backup.max_size_mb is not copied, and that is said"
snapshot_mode "max_size_mb: 1"
head -c 2097152 /dev/zero >"$WS/big.bin"
fsj_sh -- 'echo tail >>big.bin; echo more >>same.txt'
assert_rc 0
assert_err_match '1 not kept'
assert_err_match "not kept: $WS/big.bin"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/same.txt"
assert_rc 0
assert_content "$WS/same.txt" untouched
end_test

begin_test "same size, mtime set back: the content decides; a chmod undone keeps nothing"
snapshot_mode
printf 'abcdef\n' >"$WS/same-size.txt"
printf 'stays\n' >"$WS/chmod-back.txt"
touch -d '2021-05-06 07:08:09' "$WS/same-size.txt" "$WS/ref"
# shellcheck disable=SC2016
fsj_sh -- 'printf "ABCDEF\n" >same-size.txt; touch -r ref same-size.txt
	chmod 600 chmod-back.txt; chmod 644 chmod-back.txt'
assert_rc 0
man=$(ls -t "$STATE_DIR"/sessions/*/modify_backup/*/manifest.ndjson | head -1)
grep -q '"op":"content","path":"'"$WS"'/same-size.txt"' "$man" || fail "the rewrite was not seen"
grep -q '"path":"'"$WS"'/chmod-back' "$man" && fail "a chmod undone was kept"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/same-size.txt"
assert_rc 0
assert_content "$WS/same-size.txt" abcdef
end_test

begin_test "the broker's delete to the trash works in snapshot mode, and restore brings the file back"
BC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC" ] || bail_out "no broker-client at '$BC' (make check builds it)"
cp "$BC" "$T/bc"
printf 'by the broker\n' >"$WS/bt.txt"
# shellcheck disable=SC2016
fsj_sh --grant "read,execute:$T/bc" -- '"$1" "{\"id\":\"t1\",\"command\":\"HostFileOperation\",\"operation\":\"delete\",\"path\":\"$PWD/bt.txt\",\"deleteMode\":\"trash\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$T/bc"
assert_rc 0
assert_out_match '"ok":true'
assert_not_exists "$WS/bt.txt"
ls "$HOME/.local/share/Trash/files" | grep -q '^bt.txt' || fail "bt.txt is not in the trash"
run_cmd "$FSJAIL" backups restore --workspace "$WS" "$WS/bt.txt"
assert_rc 0
assert_content "$WS/bt.txt" 'by the broker'
end_test

begin_test "method: bogus is refused with its place in the file"
write_config <<'YAML'
backup:
  method: bogus
YAML
fsj -- true
assert_rc 125
assert_err_match "config.yaml:2:[0-9]+: .*unknown method 'bogus' \(expected intercept or snapshot\)"
end_test

done_testing
