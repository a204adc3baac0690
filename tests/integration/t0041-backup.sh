#!/bin/bash
# ModifyBackup (DESIGN.md section 9, src/backup.h) through the seccomp hook
# (src/notify.h): for each way a program changes a file, its old content is
# in the run's cycle and `fsjail backups restore` brings it back byte for
# byte; new files and second writes make no backup; two runs of one
# session make two cycles, and --cycle picks the one to list, show or
# restore from; a symlink swapped in never leads a backup outside; a
# planted symlink in the store is not followed; a backup that cannot be
# saved refuses the change.
. "$(dirname "$0")/libtest.sh"

plan 23
setup
require_landlock

write_rules <<EOF
rules:
  - path: .
    allow: [read, write, create, delete]
EOF
mkdir -p "$HOME/outside"
echo "outside-secret-$$" >"$HOME/outside/secret"

# The manifest lines of session $1.
manifest()
{
	cat "$STATE_DIR"/sessions/"$1"/modify_backup/*/manifest.ndjson 2>/dev/null
}

# The backup file of path $2 in session $1 (empty when none).
backup_file()
{
	local m
	for m in "$STATE_DIR"/sessions/"$1"/modify_backup/*/manifest.ndjson; do
		[ -f "$m" ] || continue
		python3 - "$m" "$2" <<'EOF'
import json, os, sys
for line in open(sys.argv[1]):
    e = json.loads(line) if line.strip() else {}
    if e.get("path") == sys.argv[2] and e.get("backup"):
        print(os.path.join(os.path.dirname(sys.argv[1]), "files", e["backup"]))
EOF
	done
}

# check_tool N SCRIPT: f holds unique old content, SCRIPT changes it inside
# the sandbox; the old content is saved and restored byte-identical.
check_tool()
{
	local n=$1 script=$2 b
	begin_test "$n: old content saved and restored byte-identical"
	printf 'old content %s\nline a\n' "$n" >"$WS/f"
	chmod 640 "$WS/f"
	cp -p "$WS/f" "$T/expect"
	printf 'src content %s\n' "$n" >"$WS/src"
	fsj_sh --session "s$n" -- "cd '$WS' && $script"
	assert_rc 0
	cmp -s "$WS/f" "$T/expect" && fail "'$script' did not change f"
	b=$(backup_file "s$n" "$WS/f")
	if [ -z "$b" ] || ! cmp -s "$b" "$T/expect"; then
		fail "no byte-identical backup of f in the cycle"
		manifest "s$n" | sed 's/^/#   /'
	fi
	run_cmd "$FSJAIL" backups restore --session "s$n" "$WS/f"
	assert_rc 0
	cmp -s "$WS/f" "$T/expect" || fail "restore did not bring back the old content"
	[ "$(stat -c %a "$WS/f")" = 640 ] || fail "restore did not bring back mode 640"
	end_test
}

check_tool echo 'echo x > f'
check_tool append 'echo x >> f'
check_tool sed 'sed -i s/a/b/ f'
check_tool python "python3 -c \"open('f','w').write('x')\""
check_tool truncate 'truncate -s0 f'
check_tool cp 'cp src f'
check_tool mv 'mv src f'
check_tool dd 'dd if=src of=f status=none'
check_tool tee 'echo x | tee f >/dev/null'
check_tool rm 'rm f'

begin_test "rm: f lands in the trash with a valid .trashinfo"
info="$HOME/.local/share/Trash/info/f.trashinfo"
if [ ! -f "$info" ] || ! grep -qx "Path=$WS/f" "$info" ||
	! grep -qE '^DeletionDate=[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$' "$info" ||
	[ "$(head -1 "$info")" != "[Trash Info]" ]; then
	fail "no valid trashinfo"
	diag_file trashinfo "$info"
fi
grep -q 'old content rm' "$HOME/.local/share/Trash/files/f" || fail "trashed file content"
end_test

begin_test "git checkout -- f: old content saved and restored"
rm -rf "$WS/repo"
mkdir "$WS/repo"
(cd "$WS/repo" && git init -q && git config user.email t@t && git config user.name t &&
	echo committed >f && git add f && git commit -qm init) >/dev/null 2>&1
echo "work in progress $$" >"$WS/repo/f"
cp "$WS/repo/f" "$T/expect"
fsj_sh --session sgit -- "cd '$WS/repo' && git checkout -- f"
assert_rc 0
[ "$(cat "$WS/repo/f")" = committed ] || fail "git checkout did not run"
b=$(backup_file sgit "$WS/repo/f" | head -1)
[ -n "$b" ] && cmp -s "$b" "$T/expect" || fail "the work in progress is not in the cycle"
run_cmd "$FSJAIL" backups restore --session sgit "$WS/repo/f"
assert_rc 0
cmp -s "$WS/repo/f" "$T/expect" || fail "restore did not bring the work back"
end_test

begin_test "a new file is not backed up; a second write makes no second backup"
rm -f "$WS/new"
echo one >"$WS/g"
fsj_sh --session snew -- "cd '$WS' && echo a > new && echo b > new && echo c > g && echo d > g"
assert_rc 0
[ "$(manifest snew | grep "\"backup\":\"" | grep -c "\"$WS/new\"")" = 0 ] || fail "new file backed up"
[ "$(manifest snew | grep "\"backup\":\"" | grep -c "\"$WS/g\"")" = 1 ] || fail "g not backed up exactly once"
end_test

begin_test "backups list shows the cycle as committed with the command line"
run_cmd "$FSJAIL" backups list --session snew
assert_rc 0
assert_out_match 'committed .*echo a > new'
end_test

begin_test "restore over a file changed after the run: in place, the later content kept in a restore cycle"
echo "changed later" >"$WS/g"
ino=$(stat -c %i "$WS/g")
run_cmd "$FSJAIL" backups restore --session snew "$WS/g"
assert_rc 0
[ "$(cat "$WS/g")" = one ] || fail "restore did not bring back g"
[ "$(stat -c %i "$WS/g")" = "$ino" ] || fail "restore gave g a new inode"
run_cmd "$FSJAIL" backups list
assert_out_match 'committed restore  fsjail backups restore --cycle'
grep -rlx "changed later" "$STATE_DIR"/sessions/*/modify_backup/*/files >/dev/null ||
	fail "the content restore overwrote is not kept"
end_test

# Two runs of one session that change the same file: two cycles, each
# holding the content the file had before its own run.
printf 'zero\n' >"$WS/cy"
chmod 600 "$WS/cy"
fsj_sh --session scyc -- "cd '$WS' && printf 'first-run\n' > cy"
RC1=$RC
fsj_sh --session scyc -- "cd '$WS' && printf 'second\n' > cy"
RC2=$RC
run_cmd "$FSJAIL" backups list --session scyc
CYCLES=$(awk '$1 == "scyc" { print $2 }' "$OUT")
C1=$(printf '%s\n' "$CYCLES" | sed -n 1p)
C2=$(printf '%s\n' "$CYCLES" | sed -n 2p)

begin_test "two cycles in one session: list and show --cycle name each cycle and its own saved size"
[ "$RC1" = 0 ] && [ "$RC2" = 0 ] || fail "the runs exited $RC1 and $RC2"
[ "$(printf '%s\n' "$CYCLES" | grep -c .)" = 2 ] || fail "backups list shows cycles '$CYCLES', expected 2"
run_cmd "$FSJAIL" backups list --session scyc --cycle "$C1"
assert_rc 0
[ "$(grep -c . "$OUT")" = 1 ] || fail "list --cycle shows $(grep -c . "$OUT") lines"
assert_out_match "^scyc  $C1  1 saved, 0 removed, 0 created, 0 renamed, 5 bytes  committed  bash -c .*first-run"
run_cmd "$FSJAIL" backups show --session scyc --cycle "$C1"
assert_rc 0
[ "$(head -n1 "$OUT")" = "cycle $C1 (session scyc)" ] || fail "show --cycle $C1 heads '$(head -n1 "$OUT")'"
# "zero\n", the content before the first run
assert_out_match "^$WS/cy  size 5  mode 0600  backup files/"
run_cmd "$FSJAIL" backups show --session scyc --cycle "$C2"
assert_rc 0
[ "$(head -n1 "$OUT")" = "cycle $C2 (session scyc)" ] || fail "show --cycle $C2 heads '$(head -n1 "$OUT")'"
# "first-run\n", the content before the second run
assert_out_match "^$WS/cy  size 10  mode 0600  backup files/"
# without --cycle: the newest
run_cmd "$FSJAIL" backups show --session scyc
[ "$(head -n1 "$OUT")" = "cycle $C2 (session scyc)" ] || fail "show without --cycle heads '$(head -n1 "$OUT")'"
run_cmd "$FSJAIL" backups show --session scyc --cycle no-such-cycle
assert_rc 125
assert_err_match "no cycle 'no-such-cycle'"
end_test

begin_test "two cycles in one session: restore --cycle puts back that cycle's old content"
run_cmd "$FSJAIL" backups restore --session scyc --cycle "$C2" "$WS/cy"
assert_rc 0
assert_out_eq "restored $WS/cy from cycle $C2"
assert_content "$WS/cy" first-run
# an older cycle after a newer one: no --force, the file keeps its inode
ino=$(stat -c %i "$WS/cy")
run_cmd "$FSJAIL" backups restore --session scyc --cycle "$C1" "$WS/cy"
assert_rc 0
# changed after C1's run (by C2's): named, and kept in the restore's cycle
assert_out_match "^restored $WS/cy from cycle $C1( \(changed after the run: that later version is kept in cycle [^ ]+ .*\))?$"
assert_content "$WS/cy" zero
[ "$(stat -c %a "$WS/cy")" = 600 ] || fail "restore did not bring back mode 600"
[ "$(stat -c %i "$WS/cy")" = "$ino" ] || fail "restore gave cy a new inode"
# and back to the second cycle's, whichever was restored last
run_cmd "$FSJAIL" backups restore --session scyc --cycle "$C2" "$WS/cy"
assert_rc 0
assert_content "$WS/cy" first-run
end_test

begin_test "race: f swapped for a symlink outside is never changed nor backed up"
echo regular >"$WS/f"
(
	end=$((SECONDS + 3))
	while [ $SECONDS -lt $end ]; do
		ln -sfn "$HOME/outside/secret" "$WS/f.tmp" && mv -T "$WS/f.tmp" "$WS/f"
		echo regular >"$WS/f.tmp2" && mv -T "$WS/f.tmp2" "$WS/f"
	done
) &
swapper=$!
fsj_sh --session srace -- "cd '$WS'; end=\$((SECONDS + 3)); while [ \$SECONDS -lt \$end ]; do echo pwned >f 2>/dev/null; echo pwned >>f 2>/dev/null; done; true"
wait "$swapper"
[ "$(cat "$HOME/outside/secret")" = "outside-secret-$$" ] || fail "the outside file was modified"
if grep -rq "outside-secret" "$STATE_DIR/sessions"; then
	fail "the outside file was read into the backup store"
fi
end_test

begin_test "a symlink planted in the store is not followed: the change is refused"
mkdir -p "$STATE_DIR/sessions/splant" "$HOME/elsewhere"
ln -s "$HOME/elsewhere" "$STATE_DIR/sessions/splant/modify_backup"
echo keep >"$WS/p"
fsj_sh --session splant -- "cd '$WS' && echo x > p"
assert_rc_not 0
[ "$(cat "$WS/p")" = keep ] || fail "p changed without a backup"
[ -z "$(ls -A "$HOME/elsewhere")" ] || fail "something was written through the symlink"
end_test

# Tests 20 and 21 mount over the store: a private mount namespace, root's
# own or, for an ordinary user, one in a user namespace.
if ! can_mount_ns; then
	skip_root "backup store read-only (a bind mount; no unprivileged user namespace here)"
else
begin_test "backup store read-only: the change is refused, nothing lost, reason audited"
echo keep >"$WS/q"
mkdir -p "$STATE_DIR/sessions"
in_mount_ns bash -c '
	mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 99
	"$FSJAIL" run --workspace "$2" --session sro -- bash -c "echo x > $2/q"
' bash "$STATE_DIR/sessions" "$WS" >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" = 99 ] && fail "cannot make a read-only bind mount"
assert_rc_not 0
[ "$(cat "$WS/q")" = keep ] || fail "q changed without a backup"
grep '"session":"sro"' "$STATE_DIR/audit.ndjson" | grep -q 'backup failed' ||
	fail "no audit line for the failed backup"
end_test
fi

if ! can_mount_ns; then
	skip_root "disk full (a tmpfs mount; no unprivileged user namespace here)"
else
begin_test "disk full (small tmpfs over the store): the change and a rename are refused"
head -c 300000 /dev/urandom >"$WS/big"
cp "$WS/big" "$T/big.expect"
in_mount_ns bash -c '
	mount -t tmpfs -o size=64k tmpfs "$1" || exit 99
	"$FSJAIL" run --workspace "$2" --session sfull -- bash -c "echo x > $2/big"
' bash "$STATE_DIR/sessions" "$WS" >"$OUT" 2>"$ERR"
RC=$?
[ "$RC" = 99 ] && fail "cannot mount a tmpfs"
assert_rc_not 0
cmp -s "$WS/big" "$T/big.expect" || fail "big changed without a backup"
grep '"session":"sfull"' "$STATE_DIR/audit.ndjson" | grep -q 'No space left' ||
	fail "no audit line naming the full disk"
# A rename is a change too: without room for its record, it is refused.
echo ren >"$WS/ren-a"
in_mount_ns bash -c '
	mount -t tmpfs -o size=64k tmpfs "$1" || exit 99
	head -c 1M /dev/zero >"$1/fill" 2>/dev/null
	"$FSJAIL" run --workspace "$2" --session sfull2 -- bash -c "mv $2/ren-a $2/ren-b"
' bash "$STATE_DIR/sessions" "$WS" >"$OUT" 2>"$ERR"
RC=$?
assert_rc_not 0
assert_content "$WS/ren-a" ren
assert_not_exists "$WS/ren-b"
assert_err_match "the rename cannot be recorded for undo"
end_test
fi

begin_test "files over backup.max_size_mb are recorded as skipped"
write_config <<EOF
backup:
  max_size_mb: 1
EOF
head -c 2000000 /dev/zero >"$WS/huge"
fsj_sh --session sskip -- "cd '$WS' && echo x > huge"
assert_rc 0
manifest sskip | grep "\"$WS/huge\"" | grep -q '"skipped"' || fail "huge not recorded as skipped"
end_test

begin_test "a delete the policy refuses makes no backup, only a refusal audit line: the kernel refuses it"
mkdir -p "$WS/nodel"
echo "kept" >"$WS/nodel/k"
cat >"$T/nodel.yaml" <<EOF
rules:
  - path: .
    allow: [read, write, create, delete]
  - path: nodel
    allow: [read, write, create]
    deny: [delete]
EOF
fsj_sh --rules "$T/nodel.yaml" --session snodel -- "rm -f '$WS/nodel/k'; mv '$WS/g' '$WS/nodel/k'"
assert_exists "$WS/nodel/k"
[ "$(cat "$WS/nodel/k")" = kept ] || fail "nodel/k changed"
[ -z "$(manifest snodel)" ] || fail "backed up: $(manifest snodel)"
# refusals are audited as "decision":"deny" (DESIGN.md section 10), never as a backup
a=$(grep '"session":"snodel"' "$STATE_DIR/audit.ndjson" | grep -F "\"path\":\"$WS/nodel/k\"")
grep -q '"decision":"backup' <<<"$a" && fail "a backup audit line for the refused delete: $a"
grep '"command":"rm"' <<<"$a" | grep '"capability":"delete"' | grep -q '"decision":"deny"' ||
	fail "no refusal audit line for rm of nodel/k: $a"
end_test

done_testing
