#!/bin/bash
# At a terminal, fsjail run behaves as the command would without it (issue
# 2: "the terminal passes through"): the command's group holds the
# terminal while it runs, so fsjail passes on what the terminal would have
# done to the caller. Driven by tests/helpers/pty-shell.py, an interactive
# bash on a pseudo-terminal:
# - Ctrl-C ends a calling script's loop, not only the current command;
# - Ctrl-Z stops the calling script with it, and fg continues both;
# - a command that stops itself with SIGSTOP (bash's suspend) gives the
#   terminal back to the shell, and fg continues it;
# - a command in an orphaned background job that reads the terminal is
#   ended (SIGHUP), instead of being stopped and continued forever.
. "$(dirname "$0")/libserial.sh" pty

plan 6
setup
require_landlock

PTY=$TEST_SRCDIR/helpers/pty-shell.py
command -v python3 >/dev/null || bail_out "python3 is needed"
[ -x "$PTY" ] || bail_out "missing '$PTY'"
# Typed into a shell: every path quoted for it (printf %q).
F=$(printf '%q ' "$FSJAIL" run --workspace "$WS" --)
Q_ERR=$(printf '%q' "$T/orphan.err")
Q_RC=$(printf '%q' "$T/orphan.rc")

# shell STEP...: run the steps in an interactive bash on a new terminal;
# the transcript is in $OUT.
shell()
{
	"$PTY" "$OUT" "$@" 2>"$ERR"
	RC=$?
	LAST_CMD="pty-shell.py $(printf '%q ' "$@")"
}

begin_test "Ctrl-C ends a calling script's loop, as it does without fsjail"
shell "send:bash -c 'for i in 1 2 3; do $F sh -c \"echo started-\\\$0; exec sleep 5\" \$i; echo iter-\$i; done; echo loop-\$((6*7))'" \
	"wait:started-1" "key:C" "send:echo after-\$((40+2))" "wait:after-42"
assert_rc 0
assert_out_nomatch 'started-2|loop-42'
end_test

begin_test "a command that sends itself SIGINT does not interrupt the calling script: no key was typed"
# Only a signal the terminal sent (si_code SI_KERNEL, seen by fsjail's C
# in the command's group) is passed on; the command cannot use fsjail to
# signal its caller, which Landlock's signal scope would refuse it.
shell "send:bash -c 'for i in 1 2; do $F sh -c \"kill -INT \\\$\\\$\"; echo iter-\$i-rc=\$?; done; echo loop-\$((6*7))'" \
	"wait:loop-42"
assert_rc 0
assert_out_match '^iter-1-rc=130$'
assert_out_match '^iter-2-rc=130$'
end_test

begin_test "Ctrl-Z stops the calling script with the command; fg continues both"
shell "send:bash -c 'for i in 1 2; do $F sh -c \"echo started-\\\$0; exec sleep 1\" \$i; done; echo loop-\$((6*7))'" \
	"wait:started-1" "key:Z" "wait:Stopped" "send:echo jobs-\$((40+2)); jobs" "wait:jobs-42" \
	"send:fg" "wait:loop-42"
assert_rc 0
assert_out_match '^\[1\]\+ +Stopped'
assert_out_match '^started-2$'
end_test

for ns in "" 1; do
	if [ -n "$ns" ]; then what="without a pid namespace"; else what="in a pid namespace"; fi
	begin_test "a command that stops itself (SIGSTOP) gives the terminal back; fg continues it ($what)"
	shell "send:FSJAIL_NO_PID_NAMESPACE=$ns $F bash -c 'kill -STOP \$\$; echo resumed-\$((40+2))'" \
		"wait:Stopped" "send:echo outer-\$((40+2))" "wait:outer-42" "send:fg" "wait:resumed-42"
	assert_rc 0
	end_test
done

begin_test "an orphaned background job that reads the terminal is ended with SIGHUP, not stopped forever"
rm -f "$T/orphan.rc"
shell "send:( { $F sh -c 'read x; echo read-rc=\$?' </dev/tty 2>$Q_ERR; echo \$? >$Q_RC; } & )" \
	"sleep:0.5" "send:echo outer-\$((40+2))" "wait:outer-42"
for i in $(seq 100); do
	[ -s "$T/orphan.rc" ] && break
	sleep 0.1
done
[ "$(cat "$T/orphan.rc" 2>/dev/null)" = 129 ] ||
	fail "the orphaned run did not end with 129 (SIGHUP): '$(cat "$T/orphan.rc" 2>/dev/null)'"
grep -q 'orphaned background job' "$T/orphan.err" || fail "no word of it on stderr"
end_test

done_testing
