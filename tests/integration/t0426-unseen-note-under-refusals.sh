#!/bin/bash
# A refused read hides behind an unrelated refusal (msg29): `fsjail run --
# npm install ../lib-1.0.0.tgz` failed on npm's EACCES reading the tarball
# outside the workspace, unseen (Landlock); the summary listed only an
# unrelated refused create (~/.npm/_update-notifier-last-checked), and
# because something was listed, the note that refused reads are not listed
# was left out. Now, whenever the command failed and reads were not
# traced, the note comes, one line, after the listed refusals; still not
# with --quiet or --report (runmsg_note_failed(); t0298 keeps the tiers).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0426_USER 3
setup
require_landlock
echo secret >"$T/lib-1.0.0.tgz"
NOTE="^fsjail: note: the command failed \\(status 1\\) after fsjail refused create $HOME/[^ ]* \\(the refusal above\\); refused reads and executes are not listed \(--report FILE, or .report: reads. in config\.yaml, fsjail\.yaml\(5\), lists them\)\$"

begin_test "an unseen read refused with an unrelated create listed: the note follows the summary"
fsj -- sh -c 'echo x >"$HOME/.update-notifier"; cat "$1"' sh "$T/lib-1.0.0.tgz"
assert_failed
assert_err_match "Permission denied"
assert_err_match "create $HOME/\.update-notifier"
assert_err_match "$NOTE"
[ "$(grep -c 'not listed' "$ERR")" = 1 ] || fail "not one line: $(cat "$ERR")"
s=$(grep -n 'refusal in this run' "$ERR" | cut -d: -f1)
n=$(grep -n 'are not listed' "$ERR" | cut -d: -f1)
[ -n "$s" ] && [ -n "$n" ] && [ "$n" -gt "$s" ] || fail "note at line '$n', summary at '$s': $(cat "$ERR")"
end_test

begin_test "a read of a protected file (~/.ssh) with a refusal listed: the note too"
mkdir -p "$HOME/.ssh"
echo key >"$HOME/.ssh/id_ed25519"
fsj -- sh -c 'echo x >"$HOME/.npmrc-new"; cat "$HOME/.ssh/id_ed25519"'
assert_failed
assert_out_nomatch key
assert_err_match "$NOTE"
end_test

begin_test "--quiet and --report FILE: no note under the refusals"
fsj --quiet -- sh -c 'echo x >"$HOME/a"; cat "$1"' sh "$T/lib-1.0.0.tgz"
assert_failed
grep -q 'not listed' "$ERR" && fail "--quiet printed the note: $(cat "$ERR")"
fsj --report "$T/r.json" -- sh -c 'echo x >"$HOME/a"; cat "$1"' sh "$T/lib-1.0.0.tgz"
assert_failed
grep -q 'not listed' "$ERR" && fail "--report printed the note: $(cat "$ERR")"
end_test

end_user_pass
done_testing
