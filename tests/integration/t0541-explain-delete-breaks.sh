#!/bin/bash
# A user who wants deletes refused writes deny: [delete], and explain
# says what that breaks (issue 12 item 1): git's lock files and the
# temporary file of sed -i or an atomic save cannot be removed or renamed
# over the original, and are left behind. explain said only "delete deny
# explicit", and a run left .git/index.lock, which stops git outside.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
git_env
git init -q "$WS" && echo a >"$WS/a" && git -C "$WS" add a && git -C "$WS" commit -qm a ||
	bail_out "cannot make a repository in $WS"
write_rules <<EOF2
rules:
  - id: no-del
    path: $WS
    deny: [delete]
EOF2

begin_test "explain names what a delete deny breaks: atomic saves and lock files"
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/.git/index.lock" "$WS/a"
assert_rc 0
[ "$(grep -c "note: delete refused here also stops .*sed -i.*index.lock.*fsjail backups restore" "$OUT")" = 2 ] ||
	{ fail "the note, once per path"; diag_file "stdout" "$OUT"; }
end_test

begin_test "no note where delete is allowed, or refused by no rule of the user's"
clear_rules
run_cmd "$FSJAIL" explain --workspace "$WS" "$WS/a" "$HOME/x"
assert_rc 0
assert_out_nomatch "delete refused here"
end_test

done_testing
