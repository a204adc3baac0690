#!/bin/bash
# `fsjail check` reads install(1) and a literal eval string (chk34).
# install was a program of unknown effects, whose code the tier holds, so
# `install -m 644 a ../b` was allowed by check and refused by run. Now it
# is analysed as cp with its own options (-m, -o, -g take values; -t, -T;
# -d and -D make folders): check asks for create on the path whose create
# run refuses, and an install inside the workspace stays allowed and done.
# `eval 'echo x > ../out.txt'` was only opaque code, which the tier holds:
# check said allow, run refused the create. Now its one literal argument
# is analysed as a line (and stays opaque for what it does to the shell).
# In a git repository with no rules file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libcheckrun.sh"

plan_user_pass T0506_USER 4
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
command -v install >/dev/null || bail_out "install is needed"
git_env
{ git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init && echo a >"$WS/a.txt"; } ||
	bail_out "cannot make the files"

begin_test "install SRC ../DEST, -D: check asks for that create, run refuses it"
check_run_pair 'install -m 644 a.txt ../inst.txt' create "$HOME/inst.txt" missing
check_run_pair 'install -D -m 755 a.txt ../d/f' create "$HOME/d" missing
assert_not_exists "$HOME/inst.txt"
end_test

begin_test "install -d ../dir: check asks for that create, run refuses it"
check_run_pair 'install -d -m 700 ../dir' create "$HOME/dir" missing
assert_not_exists "$HOME/dir"
end_test

begin_test "eval of a literal string: check asks for the create, run refuses it"
check_run_pair "eval 'echo x > ../out.txt'" create "$HOME/out.txt" missing
check_run_pair 'eval "cd .. && : > out.txt"' create "$HOME/out.txt" missing
assert_not_exists "$HOME/out.txt"
end_test

begin_test "install inside the workspace: allowed by check, done by run"
"$FSJAIL" check --json --workspace "$WS" -- 'install -m 600 a.txt b.txt' >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall'] + ' ' + str(sorted((e['capability'], e['path']) for e in d['effects']))")" = \
	"allow [('create', '$WS/b.txt'), ('read', '$WS/a.txt')]" ] ||
	{ fail "check: $(json "$T/check.json" "d['overall']")"; diag_file check "$T/check.json"; }
fsj -- install -m 600 a.txt b.txt
assert_rc 0
assert_content "$WS/b.txt" a
end_test

end_user_pass
done_testing
