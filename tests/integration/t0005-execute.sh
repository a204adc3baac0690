#!/bin/bash
# Tier process and above enforce execute (DESIGN.md section 5): a binary in
# a folder without execute does not run; a rule granting execute on a
# symlink launches its target (DESIGN.md section 3: a rule matches its
# written and its resolved path) without opening the rest of the target's
# folder (issue 2, test 5). Tier writes leaves execute open.
. "$(dirname "$0")/libtest.sh"

TIERS="process guarded full"
plan 16
setup
require_landlock

# Copies of touch: running one leaves a marker file, so the test sees
# whether the binary really ran, not only an exit status.
mkdir -p "$HOME/bin" "$HOME/links" "$WS/tools" "$WS/noexec"
cp /usr/bin/touch "$HOME/bin/mytouch"
cp /usr/bin/touch "$HOME/bin/linked-touch"
cp /usr/bin/touch "$WS/tools/mytouch"
cp /usr/bin/touch "$WS/noexec/mytouch"
chmod 755 "$HOME/bin/"* "$WS/tools/mytouch" "$WS/noexec/mytouch"
ln -s ../bin/linked-touch "$HOME/links/lt"

# ~/bin is readable (so that guarded and full fail for want of execute,
# not of read); only the symlink ~/links/lt is granted execute.
write_rules <<EOF
rules:
  - id: bin-read
    path: ~/bin
    allow: [read]
  - id: link-exec
    path: ~/links/lt
    recursive: false
    allow: [read, execute]
  - id: ws-noexec
    path: noexec
    deny: [execute]
EOF

n=0
for tier in $TIERS; do
	n=$((n + 1))
	begin_test "$tier: a binary in a folder without execute does not run (fsjail exits 126)"
	fsj --enforce "$tier" -- "$HOME/bin/mytouch" "$WS/m-direct-$n"
	assert_rc 126
	assert_not_exists "$WS/m-direct-$n"
	end_test

	begin_test "$tier: bash cannot run it either (Permission denied, 126)"
	fsj_sh --enforce "$tier" -- '"$1" "$2"; echo "exit=$?"' "$HOME/bin/mytouch" "$WS/m-bash-$n"
	assert_rc 0
	assert_out_match '^exit=126$'
	assert_err_match 'Permission denied'
	assert_not_exists "$WS/m-bash-$n"
	end_test

	begin_test "$tier: execute granted on a symlink launches its target"
	fsj --enforce "$tier" -- "$HOME/links/lt" "$WS/m-link-$n"
	assert_rc 0
	assert_exists "$WS/m-link-$n"
	fsj_sh --enforce "$tier" -- '"$1" "$2"' "$HOME/links/lt" "$WS/m-link-bash-$n"
	assert_rc 0
	assert_exists "$WS/m-link-bash-$n"
	end_test

	begin_test "$tier: a binary in the workspace runs (baseline execute)"
	fsj --enforce "$tier" -- "$WS/tools/mytouch" "$WS/m-ws-$n"
	assert_rc 0
	assert_exists "$WS/m-ws-$n"
	end_test

	begin_test "$tier: a workspace folder denied execute does not run its binary"
	fsj --enforce "$tier" -- "$WS/noexec/mytouch" "$WS/m-noexec-$n"
	assert_rc 126
	assert_not_exists "$WS/m-noexec-$n"
	end_test
done

begin_test "writes: execute is not fenced, the binary runs"
fsj --enforce writes -- "$HOME/bin/mytouch" "$WS/m-writes"
assert_rc 0
assert_exists "$WS/m-writes"
end_test

done_testing
