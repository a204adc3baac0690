#!/bin/bash
# `fsjail check` names the path bash writes when a line spells it with
# $HOME, ${HOME} or $PWD (chk34): the differential of check against run
# found `echo x > $HOME/out.txt` allowed by check (an unresolved create
# "in the working folder", granted by the workspace) while run refused
# the create of $HOME/out.txt. Now $HOME and $PWD expand as ~ does: check
# asks for create on the very path whose create run refuses (--report).
# The workspace's own $PWD/x stays allowed. In a git repository with no
# rules file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0504_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{ git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init; } ||
	bail_out "cannot make the repository"

begin_test "\$HOME/out.txt and \${HOME}/out.txt: check asks for that create, run refuses it"
check_run_pair 'echo x > $HOME/out.txt' create "$HOME/out.txt" missing
assert_not_exists "$HOME/out.txt"
check_run_pair 'echo x > "${HOME}/out.txt"' create "$HOME/out.txt" missing
check_run_pair 'cp -- "$HOME/ws/.git/HEAD" $HOME/out.txt' create "$HOME/out.txt" missing
end_test

begin_test "\"\$PWD/../out.txt\", after cd too: check asks for that create, run refuses it"
check_run_pair 'echo x > "$PWD/../out.txt"' create "$HOME/out.txt" missing
mkdir -p "$WS/sub"
check_run_pair 'cd sub && echo x > $PWD/../../out.txt' create "$HOME/out.txt" missing
assert_not_exists "$HOME/out.txt"
end_test

begin_test "\$PWD inside the workspace: allowed by check, done by run"
"$FSJAIL" check --json --workspace "$WS" -- 'echo x > $PWD/in.txt' >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = allow ] || fail "check: $(json "$T/check.json" "d['overall']")"
[ "$(json "$T/check.json" "[e['path'] for e in d['effects']]")" = "['$WS/in.txt']" ] ||
	fail "check's path: $(json "$T/check.json" "[e['path'] for e in d['effects']]")"
fsj -- bash -c 'echo x > $PWD/in.txt'
assert_rc 0
assert_content "$WS/in.txt" x
end_test

end_user_pass
done_testing
