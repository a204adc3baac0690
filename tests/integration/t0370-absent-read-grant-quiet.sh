#!/bin/bash
# examples/read-only-review.yaml (read on ~/src) and examples/ssh-agent.yaml
# (read on ~/.ssh/known_hosts) warned at every run on a machine without
# those paths: "rule ... grants on PATH, which does not exist: read not in
# force" (user13). A grant only to read or execute a path that is not
# there loses nothing: like bubblewrap's --ro-bind-try, run now skips it
# quietly. status and explain still say it is not in force, and a grant
# that lets the command make the path (write, create or delete with read)
# still warns at the run, since reads there will be refused. Test 1
# fails before.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

EX=$TEST_SRCDIR/../examples
[ -f "$EX/read-only-review.yaml" ] && [ -f "$EX/ssh-agent.yaml" ] || bail_out "no examples in $EX"
rm -rf "$HOME/src" "$HOME/.ssh"

begin_test "run: no warning for the examples' read grants on absent paths"
fsj --mode read-only --rules "$EX/read-only-review.yaml" -- true
assert_rc 0
grep -q "which does not exist" "$ERR" && fail "read-only-review warns: $(cat "$ERR")"
fsj --rules "$EX/ssh-agent.yaml" -- true
assert_rc 0
grep -q "which does not exist" "$ERR" && fail "ssh-agent warns: $(cat "$ERR")"
fsj --grant "read,execute:$T/absent" -- true
assert_rc 0
grep -q "which does not exist" "$ERR" && fail "a read,execute grant warns: $(cat "$ERR")"
end_test

begin_test "status and explain still say the read is not in force"
run_cmd "$FSJAIL" status --workspace "$WS" --mode read-only --rules "$EX/read-only-review.yaml"
grep -q "rule 'other-checkouts' grants on $HOME/src, which does not exist: read not in force" "$OUT" ||
	fail "status does not say it: $(grep -i warning "$OUT")"
run_cmd "$FSJAIL" explain --workspace "$WS" --mode read-only --rules "$EX/read-only-review.yaml" "$HOME/src/other/README"
assert_rc 0
grep -E '^  read ' "$OUT" | grep -q "not in force: $HOME/src does not exist" ||
	fail "explain does not say it: $(cat "$OUT")"
end_test

begin_test "run: a grant that lets the command make the path still warns"
fsj --grant "read,write,create,delete:$T/absent" -- true
assert_rc 0
assert_err_match "warning: rule --grant read,write,create,delete:$T/absent grants on $T/absent, which does not exist: read not in force"
end_test

done_testing
