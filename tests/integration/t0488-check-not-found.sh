#!/bin/bash
# `fsjail check` says the truth about a program not on PATH (msg33,
# user23): `go build` where Go is not installed printed "allowed execute
# <cwd> [unresolved] <- baseline <workspace>", a claim that the working
# folder is executed, while bash answers "command not found" (127) and
# runs nothing. Now that execute is not-found (path null, "(not on PATH)"),
# allowed with a reason; the program's opaque code stays opaque (the tier
# holds it, or the line asks). Where the line may make the program first
# (an earlier write or create of that name, opaque code, a PATH part not
# known), the execute stays unresolved in the working folder. As root and
# as cloudsdk.
. "$(dirname "$0")/libtest.sh"

plan_user_pass T0488_USER 3
setup
mkdir -p "$HOME/bin"
TPATH="$HOME/bin:/usr/bin:/bin" # the PATH check searches

# chk LINE [OPTIONS...]: fsjail check --json on LINE into $T/check.json
chk()
{
	local line=$1
	shift
	PATH=$TPATH "$FSJAIL" check --json --workspace "$WS" "$@" -- "$line" >"$T/check.json" 2>"$ERR"
	RC=$?
	LAST_CMD="fsjail check --json $line"
}

# exec_status: the status of the first execute effect of $T/check.json
exec_status()
{
	json "$T/check.json" "[e['status'] + ' ' + str(e['path']) for e in d['effects'] if e['capability'] == 'execute'][0]"
}

begin_test "a program not on PATH: execute is not-found, not 'allowed execute <cwd>'"
run_cmd env PATH="$TPATH" bash -c 'fsjail_nosuchprog x'
assert_rc 127 "bash itself: command not found"
PATH=$TPATH "$FSJAIL" check --workspace "$WS" -- 'fsjail_nosuchprog x' >"$OUT" 2>"$ERR"
RC=$?
assert_out_match '^allowed +execute +\(not on PATH\) \[not-found\] .*not found on PATH now'
assert_out_nomatch "execute +$WS"
chk 'fsjail_nosuchprog x'
[ "$(exec_status)" = "not-found None" ] || fail "json execute effect: $(exec_status)"
[ "$(json "$T/check.json" "[e['decision'] for e in d['effects'] if e['status'] == 'not-found']")" = "['allowed']" ] ||
	fail "the not-found execute is not allowed"
[ "$(json "$T/check.json" "'reason' in [e for e in d['effects'] if e['status'] == 'not-found'][0]")" = True ] ||
	fail "the not-found execute has no reason"
end_test

begin_test "its code stays opaque: the tier holds it, or the line asks"
chk 'fsjail_nosuchprog x'
[ "$(json "$T/check.json" "[e['status'] for e in d['effects'] if e['capability'] == 'any']")" = "['opaque']" ] ||
	fail "no opaque effect for the program's own code"
chk 'fsjail_nosuchprog x' --tier process --cwd "$HOME"
[ "$(json "$T/check.json" "d['overall']")" = prompt ] ||
	fail "at tier process outside the workspace the opaque code does not ask: $(json "$T/check.json" "d['overall']")"
end_test

begin_test "a program the line may make first stays unresolved in the working folder"
chk "touch $HOME/bin/fsjail_nosuchprog; fsjail_nosuchprog"
[ "$(json "$T/check.json" "[e['status'] + ' ' + str(e['path']) for e in d['effects'] if e['capability'] == 'execute'][-1]")" = "unresolved $WS" ] ||
	fail "made by touch: $(json "$T/check.json" "[e['status'] for e in d['effects']]")"
chk 'cc -o fsjail_nosuchprog p.c; fsjail_nosuchprog'
[ "$(json "$T/check.json" "[e['status'] for e in d['effects'] if e['program'] == 'fsjail_nosuchprog' and e['capability'] == 'execute']")" = "['unresolved']" ] ||
	fail "after opaque code: $(json "$T/check.json" "[e['status'] for e in d['effects']]")"
chk 'PATH=$X:$PATH fsjail_nosuchprog'
[ "$(exec_status)" = "unresolved $WS" ] || fail "PATH not known: $(exec_status)"
end_test

end_user_pass
done_testing
