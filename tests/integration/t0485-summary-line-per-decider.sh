#!/bin/bash
# The run's refusal summary counts refusals as one line only where the
# line is true of each: the same capability, path and decider (att26).
# Before the fix it grouped by capability and path alone, so a device node
# and a RENAME_WHITEOUT, both refused without a path, became one line
# "create (unknown path): RENAME_WHITEOUT ... (2 times)": the device node
# was never named, the whiteout was counted twice. As root and as the
# ordinary user.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_SUMLINE_USER_PASS 1
setup

if [ "$(uname -m)" != x86_64 ]; then
	skip_kernel "renameat2 by its x86-64 number (316) from perl: not on $(uname -m)"
else
	begin_test "a device node and a whiteout: one line each, each with its reason"
	# renameat2(AT_FDCWD, "a", AT_FDCWD, "b", RENAME_WHITEOUT)
	fsj -- bash -c 'mknod dev1 c 1 3 2>/dev/null || echo node-refused
touch a && perl -e "my (\$f, \$t) = qw(a b); syscall(316, -100, \$f, -100, \$t, 4) < 0 &&
	print qq(whiteout-refused\n)"'
	assert_out_eq "$(printf 'node-refused\nwhiteout-refused')"
	assert_not_exists "$WS/dev1"
	assert_err_match "^  create \(unknown path\): device node \(not a rule\); by mknod$"
	assert_err_match "^  create \(unknown path\): RENAME_WHITEOUT \(not a rule\); by perl$"
	grep -q "times)" "$ERR" && fail "a summary line counts refusals of another reason"
	end_test
fi

end_user_pass
done_testing
