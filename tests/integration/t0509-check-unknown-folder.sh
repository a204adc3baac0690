#!/bin/bash
# `fsjail check` asks for an effect whose folder is unknown at check time
# (after `cd "$X"`, `pushd "$D"`, or a git whose config file a variable
# names): it was decided in the working folder, so the workspace's grant
# made it allow (user24), and run then refused the delete outside. Now it
# is unresolved "anywhere", as chk34's run-time paths are: check asks and
# offers no grant. A cd to a known folder still lies in the workspace.
. "$(dirname "$0")/libtest.sh"

plan_user_pass T0509_USER 2
setup
require_landlock
command -v git >/dev/null || bail_out "git is needed"
git_env
{ git -C "$WS" init -q . && echo in >"$HOME/in.txt"; } || bail_out "cannot make the files"

begin_test "cd \"\$X\", pushd \"\$D\", GIT_CONFIG_GLOBAL=...: check asks; run refuses the delete outside"
for line in 'X=..; cd "$X" && rm -f in.txt' 'pushd "$D"; touch z' \
	'GIT_CONFIG_GLOBAL=/etc/gitx git config --global a.b c'; do
	"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
	got=$(json "$T/check.json" "d['overall'] + ' ' + str([m for m in d['missing'] if m['path'] in ('/', '$WS')])")
	[ "$got" = "prompt []" ] || { fail "'$line': check: $got"; diag_file check "$T/check.json"; }
done
fsj --report "$T/report" -- bash -c 'X=..; cd "$X" && rm -f in.txt'
grep -q "\"capability\":\"delete\",\"path\":\"$HOME/in.txt\"" "$T/report" ||
	{ fail "the run refused no delete of $HOME/in.txt"; diag_file report "$T/report"; }
assert_exists "$HOME/in.txt"
end_test

begin_test "a cd to a folder the line names: in the workspace, allowed, done"
line='mkdir -p sub && cd sub && touch y && rm -f y'
"$FSJAIL" check --json --workspace "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "d['overall']")" = allow ] || { fail "check"; diag_file check "$T/check.json"; }
fsj -- bash -c "$line"
assert_rc 0
end_test

end_user_pass
done_testing
