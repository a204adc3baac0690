#!/bin/bash
# `fsjail check` asks where a path's head is known only at run time
# (chk34): `$(...)`, a variable the line sets, a function's "$1", xargs
# input may name any path, absolute or above the workspace. Check used to
# decide such a name in the working folder, so the workspace's grant made
# it allow, and run then refused the create or delete outside. Now the
# effect is unresolved at "/" and asks, with no grant of "/" offered; run
# refuses the path. A glob, a relative name, a variable the line sets only
# to plain names (d=dist, for f in c e) still lie in the working folder;
# one it sets to one literal value (d=..) is expanded as bash would.
# In a git repository with no rules file; as root and as cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan_user_pass T0505_USER 3
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{ git -C "$WS" init -q . && git -C "$WS" commit -q --allow-empty -m init && echo in >"$HOME/in.txt"; } ||
	bail_out "cannot make the files"

# anywhere LINE CAP PATH: check --json on LINE asks (prompt), names CAP
# unresolved at "/" and offers no grant of "/"; a run of LINE refuses CAP
# on PATH (--report).
anywhere()
{
	local line=$1 cap=$2 path=$3 got
	"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	got=$(json "$T/check.json" "d['overall'] + ' ' + str(any(e['capability'] == '$cap' and e['path'] == '/' and e['status'] == 'unresolved' and e['decision'] == 'missing' for e in d['effects'])) + ' ' + str([m for m in d['missing'] if m['path'] == '/'])")
	[ "$got" = "prompt True []" ] || { fail "'$line': check: $got"; diag_file check "$T/check.json"; }
	rm -f "$T/report"
	fsj --report "$T/report" -- bash -c "$line"
	grep -q "\"capability\":\"$cap\",\"path\":\"$path\"" "$T/report" 2>/dev/null ||
		{ fail "'$line': the run refused no $cap of $path"; diag_file report "$T/report"; }
}

# exact LINE CAP PATH: check asks for CAP at PATH itself (a variable the
# line sets to one literal value is expanded as bash would, user32), and
# the run refuses it.
exact()
{
	local line=$1 cap=$2 path=$3 got
	"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	got=$(json "$T/check.json" "d['overall'] + ' ' + str(any(e['capability'] == '$cap' and e['path'] == '$path' and e['decision'] == 'missing' for e in d['effects']))")
	[ "$got" = "prompt True" ] || { fail "'$line': check: $got"; diag_file check "$T/check.json"; }
	rm -f "$T/report"
	fsj --report "$T/report" -- bash -c "$line"
	grep -q "\"capability\":\"$cap\",\"path\":\"$path\"" "$T/report" 2>/dev/null ||
		{ fail "'$line': the run refused no $cap of $path"; diag_file report "$T/report"; }
}

begin_test "a command substitution or a variable at the head: check asks, run refuses the create"
anywhere 'echo x > "$(echo ../out.txt)"' create "$HOME/out.txt"
exact 'd=..; echo x > $d/out.txt' create "$HOME/out.txt"
anywhere 'export D=..; echo x > ${D:-.}/out.txt' create "$HOME/out.txt"
anywhere 'f() { echo x > "$1"; }; f ../out.txt' create "$HOME/out.txt"
assert_not_exists "$HOME/out.txt"
end_test

begin_test "xargs input: check asks, run refuses the delete"
anywhere 'echo ../in.txt | xargs rm -f' delete "$HOME/in.txt"
anywhere 'echo ../in.txt | xargs -I{} rm -f {}' delete "$HOME/in.txt"
assert_exists "$HOME/in.txt"
end_test

begin_test "a glob, a relative name, a variable the line sets to names: in the working folder"
line='touch a.txt b.txt; rm -f *.txt x$N; d=dist; mkdir $d; for f in c e; do touch "$d/$f"; done; rm -r $d'
"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = allow ] ||
	{ fail "check: $(json "$T/check.json" "d['overall']")"; diag_file check "$T/check.json"; }
fsj -- bash -c "$line"
assert_rc 0
assert_not_exists "$WS/a.txt"
assert_not_exists "$WS/dist"
end_test

end_user_pass
done_testing
