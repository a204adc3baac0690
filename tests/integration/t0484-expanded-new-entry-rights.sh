#!/bin/bash
# What status and explain say of an expanded folder's new entries holds for
# every right the folder was expanded for (att26). The listener makes every
# new name and performs unlinks and renames (create, delete), and with
# backups by interception every writing open (write); Landlock alone
# grants read, execute, and write without that, and it grants nothing on a
# name made after its ruleset in a folder that holds no rule. Before the
# fix a folder expanded for read (a read deny on a missing name, no mount
# masks) or for write with backups off or by snapshot was said to have its
# new entries made by the listener, "refusing the denied names only",
# while a file made there could not be read back or opened for writing.
# As root and as the ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_EXPRIGHTS_USER_PASS 4
setup
require_landlock
export FSJAIL_NO_MOUNT_MASKS=1

# new_entries FILE: the status --json "new_entries" of the expanded $WS
new_entries()
{
	json "$1" "[e['new_entries'] for e in d['expanded'] if e['path'] == '$WS']"
}

# ws_note: the line status prints below the expanded $WS
ws_note()
{
	"$FSJAIL" status --workspace "$WS" 2>"$ERR" | grep -A1 -F "  $WS: " | sed -n 2p
}

begin_test "a folder expanded for read: said unreachable for read, and a new file is unreadable"
write_rules <<EOF2
rules:
  - id: secret
    path: secret
    deny: [read]
EOF2
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(new_entries "$T/s.json")" = "['unreachable']" ] ||
	fail "status --json gives new_entries $(new_entries "$T/s.json") for $WS, expanded for read"
case $(ws_note) in
*"unreachable for read"*) ;;
*) fail "status says of $WS's new entries: $(ws_note)" ;;
esac
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/secret"
assert_out_match "note: its folder '$WS' is expanded, new entries there are unreachable for read"
assert_out_nomatch "the listener makes new entries there"
fsj -- bash -c 'echo hi >n1 && echo made; cat n1 2>/dev/null || echo unread' _
assert_out_eq "$(printf 'made\nunread')"
end_test

begin_test "a folder expanded for write, backups off: said unreachable for write, and so it is"
write_rules <<EOF2
rules:
  - id: nowrite
    path: nothere
    deny: [write]
EOF2
write_config <<EOF2
backup:
  enabled: false
EOF2
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(new_entries "$T/s.json")" = "['unreachable']" ] ||
	fail "status --json gives new_entries $(new_entries "$T/s.json") with backups off"
case $(ws_note) in
*"unreachable for write"*) ;;
*) fail "status says of $WS's new entries with backups off: $(ws_note)" ;;
esac
fsj -- bash -c 'echo a >n2 && echo made
perl -e "open(F, q(+<), q(n2)) or exit 1" && echo opened || echo refused' _
assert_out_eq "$(printf 'made\nrefused')"
end_test

begin_test "the same folder with backups by snapshot: said unreachable for write"
write_config <<EOF2
backup:
  method: snapshot
EOF2
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(new_entries "$T/s.json")" = "['unreachable']" ] ||
	fail "status --json gives new_entries $(new_entries "$T/s.json") with method snapshot"
fsj -- bash -c 'echo a >n3 && echo made
perl -e "open(F, q(+<), q(n3)) or exit 1" && echo opened || echo refused' _
assert_out_eq "$(printf 'made\nrefused')"
end_test

begin_test "backups by interception: the listener carries write, and says so"
clear_rules
write_rules <<EOF2
rules:
  - id: nowrite
    path: nothere
    deny: [write]
EOF2
"$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(new_entries "$T/s.json")" = "['listener']" ] ||
	fail "status --json gives new_entries $(new_entries "$T/s.json") with backups by interception"
case $(ws_note) in
"    the listener makes new entries there, refusing the denied names only") ;;
*) fail "status says of $WS's new entries: $(ws_note)" ;;
esac
fsj -- bash -c 'echo a >n4 && echo made
perl -e "open(F, q(+<), q(n4)) or exit 1" && echo opened || echo refused' _
assert_out_eq "$(printf 'made\nopened')"
end_test

end_user_pass
done_testing
