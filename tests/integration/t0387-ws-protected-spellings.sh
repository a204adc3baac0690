#!/bin/bash
# A workspace nobody named (the current directory, the top of its git work
# tree, the config's `workspace:`) is refused inside a protected path of the
# baseline (perf24: the check now asks a policy of only the protected rules
# at or above the workspace). Either spelling counts, the workspace's and
# the rule's: a folder reached only through the rule's resolved spelling
# (~/.config a symlink), a config workspace written through a symlink into
# /usr; /usr/local, the protected tree's exception, is no refusal; and a
# workspace named with --workspace is taken as named.
. "$(dirname "$0")/libtest.sh"

plan 4
setup

real=$T/cfg-real
mkdir -p "$real/git/proj"
ln -s "$real" "$HOME/.config"

begin_test "cwd in ~/.config/git by the rule's resolved spelling: refused, the rule named as written"
(cd "$real/git/proj" && "$FSJAIL" run -- true >"$OUT" 2>"$ERR")
RC=$?
assert_rc 125
assert_err_match "refusing workspace '$real/git/proj': it is inside the protected path '$HOME/.config/git'"
end_test

begin_test "the same folder named with --workspace: taken"
(cd "$real/git/proj" && "$FSJAIL" run --workspace . -- true >"$OUT" 2>"$ERR")
RC=$?
assert_rc 0
end_test

begin_test "config workspace written through a symlink to /usr/share: refused by /usr"
ln -s /usr/share "$T/lnk"
printf 'workspace: %s\n' "$T/lnk" | write_config
run_cmd "$FSJAIL" run -- true
assert_rc 125
assert_err_match "refusing workspace '$T/lnk': it is inside the protected path '/usr'"
clear_rules
end_test

begin_test "cwd /usr/local (the protected tree's exception): no refusal"
if [ -d /usr/local ]; then
	(cd /usr/local && "$FSJAIL" run -- pwd >"$OUT" 2>"$ERR")
	RC=$?
	assert_rc 0
	assert_out_match '^/usr/local$'
else
	skip "no /usr/local"
fi
end_test

done_testing
