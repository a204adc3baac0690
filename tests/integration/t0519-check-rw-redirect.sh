#!/bin/bash
# `fsjail check` and the read-write redirection `<>` (fix45): the
# tree-sitter-bash grammar has no `<>`, so `exec 3<> f` was an ERROR node,
# the line incomplete and opaque, and check asked. The line is parsed
# with each `<>` outside a string spelled `>>` (the same length), and the
# redirection predicts what bash does: f opened for reading and writing,
# made when absent (read, and write or create). `exec 3> f` creates or
# truncates, `exec 3< f` reads, `exec 3>&-` closes (nothing); a `<>`
# inside quotes is text. The run agrees: `exec 3<> f` makes f, and one
# outside the grants is held back by check and refused by the run.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
echo old >"$WS/exists"
mkdir -p "$HOME/out"

# caps LINE: check's JSON on LINE in $T/check.json; prints "complete
# overall" then each "capability path" it predicts, sorted
caps()
{
	"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$1" >"$T/check.json" 2>"$ERR"
	json "$T/check.json" "str(d['complete']) + ' ' + d['overall']"
	json "$T/check.json" "'\n'.join(sorted(set(e['capability'] + ' ' + (e['path'] or '?') for e in d['effects'])))"
}

# expect LINE WANT: caps LINE prints WANT
expect()
{
	local got
	got=$(caps "$1")
	[ "$got" = "$2" ] || fail "'$1': check predicts
$got
and not
$2"
}

begin_test "exec N<> f: read and create of a new f, read and write of one that exists"
expect 'exec 3<> f' "True allow
create $WS/f
read $WS/f"
expect 'exec 3<> exists' "True allow
read $WS/exists
write $WS/exists"
expect 'exec <> f' "True allow
create $WS/f
read $WS/f"
expect 'echo x 3<>f; cat <&3' "True allow
create $WS/f
read $WS/f"
expect "bash -c 'exec 4<> f'" "True allow
create $WS/f
read $WS/f"
expect 'cat <<EOF; exec 3<> f
x
EOF' "True allow
create $WS/f
read $WS/f"
end_test

begin_test "exec 3> f, 3< f, 3>&- and a quoted <> as before"
expect 'exec 3> f' "True allow
create $WS/f"
expect 'exec 3< exists' "True allow
read $WS/exists"
expect 'exec 3>&-' "True allow"
expect "echo '<>' \"a<>b\" > f" "True allow
create $WS/f"
end_test

begin_test "the run agrees: exec 3<> f makes f; outside the grants check holds it back and the run refuses it"
fsj -- bash -c 'exec 3<> f; echo new >&3'
assert_rc 0
assert_content "$WS/f" new
fsj -- bash -c 'exec 3<> exists; read -r x <&3; echo "$x"'
assert_out_match '^old$'
line="exec 3<> $HOME/out/g"
"$FSJAIL" check --json --workspace "$WS" --cwd "$WS" -- "$line" >"$T/check.json" 2>"$ERR"
[ "$(json "$T/check.json" "[e['decision'] != 'allowed' for e in d['effects'] if e['capability'] == 'create' and e['path'] == '$HOME/out/g'] == [True] and d['complete'] and d['overall'] != 'allow'")" = True ] ||
	{ fail "'$line': check does not hold back the create"; diag_file check "$T/check.json"; }
fsj -- bash -c "$line"
assert_failed
assert_not_exists "$HOME/out/g"
assert_err_match "create $HOME/out/g"
end_test

done_testing
