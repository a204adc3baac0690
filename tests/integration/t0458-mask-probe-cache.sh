#!/bin/bash
# The mount-mask probe's yes is kept in the state folder
# ($STATE/policy/mask-probe, src/mask-probe-cache.c) so that a run need not
# fork a child that makes and tears down a mount namespace to learn it
# again (issue 12). The entry is read as hostile input: one that is not a
# regular file of ours, mode 0600, holding exactly this process's key
# (boot id, fsjail's executable, euid, egid, mount and user namespace, the
# namespace sysctls) is not believed: the probe runs again and the entry
# is written anew. A kept yes that has become wrong never weakens a run:
# the masks it promised fail to mount, the run is refused (125) and the
# entry dropped, and the next run probes again (and runs by expansion).
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
ENTRY=$STATE_DIR/policy/mask-probe

begin_test "a run keeps the probe's yes: a regular file of ours, mode 0600"
fsj -- true
assert_rc 0
[ -f "$ENTRY" ] && [ ! -L "$ENTRY" ] || fail "no entry at $ENTRY"
[ "$(stat -c %a "$ENTRY")" = 600 ] || fail "entry mode $(stat -c %a "$ENTRY")"
grep -qx "masks=yes" "$ENTRY" || fail "the entry says: $(cat "$ENTRY")"
grep -q "^/proc/sys/kernel/random/boot_id=$(cat /proc/sys/kernel/random/boot_id)\$" "$ENTRY" ||
	fail "the entry is not keyed on the boot id: $(cat "$ENTRY")"
grep -q "^/proc/self/ns/mnt=[0-9]* $(stat -L -c %i /proc/self/ns/mnt)\$" "$ENTRY" ||
	fail "the entry is not keyed on the mount namespace: $(cat "$ENTRY")"
end_test

# rewritten: the entry is a regular file, mode 0600, of the real key again
good=$(cat "$ENTRY" 2>/dev/null)
rewritten()
{
	[ -f "$ENTRY" ] && [ ! -L "$ENTRY" ] && [ "$(stat -c %a "$ENTRY")" = 600 ] &&
		[ "$(cat "$ENTRY")" = "$good" ]
}

begin_test "an entry others may write, or for another boot, is not believed and is written anew"
chmod 0644 "$ENTRY"
fsj -- true
assert_rc 0
rewritten || fail "a mode 0644 entry was kept: $(stat -c %a "$ENTRY")"
sed 's|^\(/proc/sys/kernel/random/boot_id=\).*|\1not-this-boot|' <<<"$good" >"$ENTRY.x"
chmod 0600 "$ENTRY.x" && mv "$ENTRY.x" "$ENTRY"
ino=$(stat -c %i "$ENTRY")
fsj -- true
assert_rc 0
rewritten && [ "$(stat -c %i "$ENTRY")" != "$ino" ] ||
	fail "the other boot's entry was not replaced: $(cat "$ENTRY")"
end_test

begin_test "a symlink or a FIFO at the entry's name is not followed, hangs nothing, and is replaced"
printf '%s\n' "$good" >"$T/elsewhere"
chmod 0600 "$T/elsewhere"
rm -f "$ENTRY"
ln -s "$T/elsewhere" "$ENTRY"
fsj -- true
assert_rc 0
rewritten || fail "the symlink was kept"
[ "$(cat "$T/elsewhere")" = "$good" ] || fail "the symlink's target was changed"
rm -f "$ENTRY"
mkfifo -m 0600 "$ENTRY"
timeout 60 "$FSJAIL" run --workspace "$WS" -- true >"$OUT" 2>"$ERR"
RC=$?
assert_rc 0
rewritten || fail "the FIFO was kept"
[ -p "$ENTRY" ] && rm -f "$ENTRY" # a FIFO left would hang the next reader
end_test

begin_test "the command can neither read nor replace the entry"
fsj -- true
[ -f "$ENTRY" ] || fail "no entry to read"
before=$(sha256sum <"$ENTRY" 2>/dev/null)
fsj_sh -- 'cat "$1"' "$ENTRY"
assert_rc_not 0
fsj_sh -- 'echo x >>"$1"; mv "$1" "$1.x"; rm -f "$1"; true' "$ENTRY"
[ "$(sha256sum <"$ENTRY")" = "$before" ] || fail "the entry changed from inside a run"
end_test

# A kept yes that has become wrong: in a user namespace of our own (where
# we may set the namespace sysctls), the first run keeps the yes; then
# mount namespaces are made impossible (user.max_mnt_namespaces=0) and the
# entry forged to the key of now, as if that change were one the key
# cannot see. Without a pid namespace the mask (an empty tmpfs over a
# folder denied inside the workspace) makes the child's first mount
# namespace.
begin_test "a kept yes that has become wrong: the run is refused, the entry dropped, the next run probes"
if ! unshare -rm true 2>/dev/null; then
	T_OPEN=0
	skip_kernel "cannot make a user namespace here"
else
	# a folder hidden inside the workspace's grant: a mount mask
	mkdir -p "$WS/private" && echo secret >"$WS/private/key"
	write_rules <<<"rules:
  - id: private
    path: $WS/private
    deny: [read, write, create, delete, execute]"
	in_ns=$T/in-ns.sh
	cat >"$in_ns" <<'SH'
set -u
rm -f "$ENTRY"
"$FSJAIL" run --workspace "$WS" -- true >/dev/null 2>&1 || { echo "first run failed"; exit 1; }
[ -f "$ENTRY" ] || { echo "no entry in the namespace"; exit 1; }
echo 0 >/proc/sys/user/max_mnt_namespaces 2>/dev/null || exit 77
sed 's|^\(/proc/sys/user/max_mnt_namespaces=\).*|\10|' "$ENTRY" >"$ENTRY.x" &&
	chmod 0600 "$ENTRY.x" && mv "$ENTRY.x" "$ENTRY"
FSJAIL_NO_PID_NAMESPACE=1 "$FSJAIL" run --workspace "$WS" -- sh -c 'cat private/key >ran' 2>"$ERR_IN"
echo "refused=$?"
[ -e "$WS/ran" ] && echo "the command ran: $(cat "$WS/ran")"
[ -e "$ENTRY" ] && echo "the entry was kept"
FSJAIL_NO_PID_NAMESPACE=1 "$FSJAIL" run --workspace "$WS" -- cat private/key 2>>"$ERR_IN"
echo "next=$?"
[ -e "$ENTRY" ] && echo "a no was kept"
exit 0
SH
	ENTRY=$ENTRY FSJAIL=$FSJAIL WS=$WS ERR_IN=$T/err-in unshare -rm bash "$in_ns" >"$OUT" 2>&1
	rc=$?
	if [ "$rc" = 77 ]; then
		T_OPEN=0
		skip_kernel "cannot set user.max_mnt_namespaces in a user namespace"
	else
		[ "$rc" = 0 ] || fail "in the namespace: $(cat "$OUT")"
		grep -qx "refused=125" "$OUT" || fail "not refused: $(cat "$OUT") $(cat "$T/err-in")"
		grep -q "the command ran" "$OUT" && fail "the command ran without its masks"
		grep -q "the entry was kept" "$OUT" && fail "the wrong yes was kept"
		grep -q "probes again" "$T/err-in" || fail "the refusal does not say: $(cat "$T/err-in")"
		grep -q "^next=0" "$OUT" && fail "the next run read the hidden file: $(cat "$OUT")"
		grep -q "^next=" "$OUT" || fail "no next run: $(cat "$OUT")"
		grep -q secret "$OUT" && fail "the hidden file was read: $(cat "$OUT")"
		grep -q "a no was kept" "$OUT" && fail "a no was kept"
		end_test
	fi
fi

done_testing
