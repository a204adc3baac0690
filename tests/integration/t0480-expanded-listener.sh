#!/bin/bash
# What status and explain say of an expanded folder is what the run does
# (issue 12 item 6): a nested deny that no mount mask carries
# (FSJAIL_NO_MOUNT_MASKS=1; a linked worktree's gitdir, user23) expands
# its folders in the Landlock ruleset, but with the seccomp listener every
# new name there is made by the supervisor, so new entries are reachable
# and only the denied name is refused; without the listener
# (FSJAIL_NO_NOTIFY=1) they are unreachable. Before the fix status and
# explain said "unreachable" in both cases. As root and as the ordinary
# user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_EXPLIST_USER_PASS 3
setup
require_landlock

mkdir -p "$WS/.git/hooks"
write_rules <<EOF2
rules:
  - id: hooks
    path: .git/hooks
    deny: [write, create, delete]
EOF2

begin_test "with the listener: status and explain say the listener makes new entries"
FSJAIL_NO_MOUNT_MASKS=1 "$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(json "$T/s.json" "[e['new_entries'] for e in d['expanded'] if e['path'] == '$WS'] == ['listener']")" = True ] ||
	fail "status --json does not give new_entries 'listener' for the expanded $WS"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" status --workspace "$WS"
grep -A1 -F "  $WS: " "$OUT" | grep -q "^    the listener makes new entries there, refusing the denied" ||
	fail "status does not say below $WS that the listener makes new entries there"
FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/brand-new"
assert_out_match "note: its folder '$WS' is expanded, but the listener makes new entries there"
end_test

begin_test "with the listener: new entries of every kind are made there; the denied name is not"
FSJAIL_NO_MOUNT_MASKS=1 fsj -- bash -c 'cd "$1" && touch n1 && echo a >>n1 &&
mkdir d1 && echo b >d1/f && ln -s n1 s1 && mkfifo p1 && ln n1 h1 && echo c >t && mv t m1 &&
rm n1 h1 && echo made; echo x >.git/hooks/pre-commit 2>/dev/null || echo refused' _ "$WS"
assert_out_eq "$(printf 'made\nrefused')"
for p in d1/f s1 p1 m1; do assert_exists "$WS/$p"; done
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

begin_test "without the listener: status and explain say unreachable, and the run agrees"
FSJAIL_NO_NOTIFY=1 FSJAIL_NO_MOUNT_MASKS=1 "$FSJAIL" status --workspace "$WS" --json >"$T/s.json" 2>"$ERR"
[ "$(json "$T/s.json" "[e['new_entries'] for e in d['expanded'] if e['path'] == '$WS'] == ['unreachable']")" = True ] ||
	fail "status --json does not give new_entries 'unreachable' without the listener"
FSJAIL_NO_NOTIFY=1 FSJAIL_NO_MOUNT_MASKS=1 run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/brand-new"
assert_out_match "note: its folder '$WS' is expanded, new entries there are unreachable"
FSJAIL_NO_NOTIFY=1 FSJAIL_NO_MOUNT_MASKS=1 fsj -- bash -c \
	'touch "$1/n2" 2>/dev/null || echo refused' _ "$WS"
assert_out_eq refused
assert_not_exists "$WS/n2"
end_test

end_user_pass
done_testing
