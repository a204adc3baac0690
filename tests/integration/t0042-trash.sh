#!/bin/bash
# Deletes go to the freedesktop.org trash (DESIGN.md section 9, src/trash.h):
# .trashinfo with a URL-encoded Path= and DeletionDate=, name collisions,
# deleteMode: unlink, no delete without a delete grant, symlinks; and a run
# killed midway leaves a cycle that `fsjail backups` lists and restores.
. "$(dirname "$0")/libtest.sh"

plan 8
setup
require_landlock

write_rules <<EOF
rules:
  - path: del
    allow: [read, write, create, delete]
EOF
mkdir -p "$WS/del" "$HOME/outside"
TRASH=$HOME/.local/share/Trash

begin_test "two deletes of the same name: f and f.2 in the trash, each with its info"
echo first >"$WS/del/f"
fsj_sh --session t1 -- "rm '$WS/del/f'"
assert_rc 0
echo second >"$WS/del/f"
fsj_sh --session t2 -- "rm '$WS/del/f'"
assert_rc 0
assert_not_exists "$WS/del/f"
[ "$(cat "$TRASH/files/f" 2>/dev/null)" = first ] || fail "trash/files/f"
[ "$(cat "$TRASH/files/f.2" 2>/dev/null)" = second ] || fail "trash/files/f.2"
grep -qx "Path=$WS/del/f" "$TRASH/info/f.trashinfo" || fail "f.trashinfo"
grep -qx "Path=$WS/del/f" "$TRASH/info/f.2.trashinfo" || fail "f.2.trashinfo"
end_test

begin_test "Path= is URL-encoded"
echo x >"$WS/del/a b%c"
fsj_sh -- "rm '$WS/del/a b%c'"
assert_rc 0
grep -qx "Path=$WS/del/a%20b%25c" "$TRASH/info/a b%c.trashinfo" ||
	fail "bad Path= encoding: $(cat "$TRASH/info/a b%c.trashinfo" 2>&1)"
end_test

begin_test "no delete grant: rm fails, nothing trashed"
# the baseline grants delete in the workspace (DESIGN.md section 4): refuse it here
{ cat "$RULES"; printf '  - path: keep\n    deny: [delete]\n'; } >"$T/nodel.yaml"
echo stays >"$WS/keep"
fsj_sh --rules "$T/nodel.yaml" -- "rm -f '$WS/keep'"
assert_failed
assert_content "$WS/keep" "stays"
[ -e "$TRASH/files/keep" ] && fail "a file the policy may not delete was trashed"
end_test

begin_test "a symlink is unlinked, not trashed; its target is untouched"
echo target >"$HOME/outside/t"
ln -s "$HOME/outside/t" "$WS/del/link"
fsj_sh -- "rm '$WS/del/link'"
assert_rc 0
assert_not_exists "$WS/del/link"
[ -e "$TRASH/files/link" ] && fail "the symlink went to the trash"
[ "$(cat "$HOME/outside/t")" = target ] || fail "the target changed"
end_test

begin_test "deleteMode: unlink: the file is gone, not in the trash, but in the cycle"
write_config <<EOF
backup:
  deleteMode: unlink
EOF
echo gone >"$WS/del/u"
fsj_sh --session tu -- "rm '$WS/del/u'"
assert_rc 0
assert_not_exists "$WS/del/u"
[ -e "$TRASH/files/u" ] && fail "deleteMode unlink still trashed"
run_cmd "$FSJAIL" backups restore --session tu "$WS/del/u"
assert_rc 0
[ "$(cat "$WS/del/u" 2>/dev/null)" = gone ] || fail "not restorable from the cycle"
clear_rules
write_rules <<EOF
rules:
  - path: del
    allow: [read, write, create, delete]
EOF
end_test

begin_test "a run killed midway: its cycle is listed (uncommitted) and restorable"
echo "before kill" >"$WS/del/k"
"$FSJAIL" run --workspace "$WS" --session tkill -- bash -c "echo after > '$WS/del/k'; sleep 30" \
	>/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
	[ "$(cat "$WS/del/k")" = after ] && break
	sleep 0.1
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
run_cmd "$FSJAIL" backups list --session tkill
assert_rc 0
assert_out_match 'uncommitted'
run_cmd "$FSJAIL" backups restore --session tkill "$WS/del/k"
assert_rc 0
[ "$(cat "$WS/del/k")" = "before kill" ] || fail "not restored"
end_test

begin_test "backups show lists the file of the cycle"
run_cmd "$FSJAIL" backups show --session tkill
assert_rc 0
assert_out_match "$WS/del/k"
end_test

begin_test "backup.enabled: false: no cycle, rm unlinks (no trash)"
write_config <<EOF
backup:
  enabled: false
EOF
echo plain >"$WS/del/off"
echo data >"$WS/del/w"
fsj_sh --session toff -- "rm '$WS/del/off' && echo x > '$WS/del/w'"
assert_rc 0
assert_not_exists "$WS/del/off"
[ -e "$TRASH/files/off" ] && fail "trashed with backups off"
[ -e "$STATE_DIR/sessions/toff" ] && fail "a cycle was made with backups off"
rm -f "$CONFIG"
end_test

done_testing
