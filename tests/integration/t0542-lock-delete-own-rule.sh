#!/bin/bash
# Under the user's own deny: [delete], git commit cannot remove its lock
# files. The summary named .git/HEAD.lock's refusal with the user's rule
# and then called it "the lock file of .git/HEAD, which is protected: no
# rule lifts it", with the repository metadata's why: line about hooks,
# and --report's reason said the same. The rule that refused it is the
# user's (git's own change of HEAD is done by the listener): the line now
# names that rule alone, and --report's reason is "policy".
. "$(dirname "$0")/libtest.sh"

plan 1
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

begin_test "a lock file's delete refused by the user's rule is said as that rule's"
fsj --report "$T/R" -- bash -c 'echo b >>a; git commit -qam b'
assert_rc_not 0
assert_err_match "delete $WS/\.git/HEAD\.lock: explicit rule 'no-del' at $RULES:2; by git"
assert_err_match "delete $WS/\.git/index\.lock: explicit rule 'no-del' at $RULES:2; by git"
! grep -q "no rule lifts it" "$ERR" || { fail "'no rule lifts it'"; diag_file "stderr" "$ERR"; }
! grep -q "why: git runs what" "$ERR" || { fail "the hooks why: line"; diag_file "stderr" "$ERR"; }
got=$(python3 -c 'import json,sys
ls = [json.loads(l) for l in open(sys.argv[1])]
print(sorted({(l["capability"], l["rule_id"], l["reason"]) for l in ls if l["path"].endswith("HEAD.lock")}))' "$T/R" 2>&1)
[ "$got" = "[('delete', 'no-del', 'policy')]" ] || { fail "report: $got"; diag_file "report" "$T/R"; }
end_test

done_testing
