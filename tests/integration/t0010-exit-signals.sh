#!/bin/bash
# Exit codes and signals (issue 2, test 10; DESIGN.md section 1): fsjail
# exits with the child's status, 128+N when the child died of signal N;
# SIGTERM (and SIGHUP) sent to fsjail end the child and its children;
# 126 and 127 as env(1) gives them.
. "$(dirname "$0")/libtest.sh"

plan 12
setup
require_landlock

begin_test "the child's exit status comes back (0, 1, 7, 255)"
for st in 0 1 7 255; do
	fsj -- bash -c "exit $st"
	assert_rc "$st" "bash -c 'exit $st'"
done
fsj -- true
assert_rc 0 true
fsj -- false
assert_rc 1 false
end_test

begin_test "a child killed by a signal: 128+N (KILL 137, TERM 143, SEGV 139)"
fsj -- bash -c 'kill -KILL $$'
assert_rc 137 KILL
fsj -- bash -c 'kill -TERM $$'
assert_rc 143 TERM
fsj -- bash -c 'kill -SEGV $$'
assert_rc 139 SEGV
end_test

# start_bg SCRIPT: `fsjail run -- bash -c SCRIPT` in the background; sets
# FSJ_PID. Waits (60 s at most) until the script wrote pid files into the
# workspace, then turns their pids (the run's pid namespace's) into ours.
start_bg()
{
	rm -f "$WS"/pid*
	"$FSJAIL" run --workspace "$WS" -- bash -c "$1" >"$OUT" 2>"$ERR" &
	FSJ_PID=$!
	LAST_CMD="fsjail run --workspace $WS -- bash -c '$1' &"
	local i f h
	for i in $(seq 600); do
		if [ -s "$WS/pid" ] && [ -s "$WS/pid2" ]; then
			for f in "$WS/pid" "$WS/pid2"; do
				h=$(host_pid "$FSJ_PID" "$(cat "$f")") || return 1
				echo "$h" >"$f"
			done
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# wait_fsj: wait (at most 10 s) for the background fsjail; sets RC.
wait_fsj()
{
	local i
	for i in $(seq 100); do
		kill -0 "$FSJ_PID" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$FSJ_PID" 2>/dev/null; then
		fail "fsjail (pid $FSJ_PID) still runs 10 s after the signal"
		kill -KILL "$FSJ_PID" 2>/dev/null
	fi
	wait "$FSJ_PID"
	RC=$?
}

# assert_gone PIDFILE: the process whose pid is in PIDFILE no longer exists.
assert_gone()
{
	assert_pid_gone "$(cat "$1")" "process ($1)"
}

for sig in TERM HUP; do
	case $sig in TERM) n=15 ;; HUP) n=1 ;; esac
	begin_test "kill -$sig of fsjail ends the child: fsjail exits $((128 + n)), sleep is gone"
	if start_bg 'echo $$ > pid; echo $$ > pid2; exec sleep 30'; then
		kill -"$sig" "$FSJ_PID"
		wait_fsj
		assert_rc $((128 + n))
		assert_gone "$WS/pid"
	else
		fail "the command did not start"
		kill -KILL "$FSJ_PID" 2>/dev/null
		wait "$FSJ_PID" 2>/dev/null
		RC=$?
		diag_last
	fi
	end_test
done

begin_test "kill -TERM of fsjail ends the child's own children (process group)"
if start_bg 'sleep 30 & echo $! > pid2; echo $$ > pid; wait'; then
	kill -TERM "$FSJ_PID"
	wait_fsj
	assert_rc 143
	assert_gone "$WS/pid"
	assert_gone "$WS/pid2"
else
	fail "the command did not start"
	kill -KILL "$FSJ_PID" 2>/dev/null
	wait "$FSJ_PID" 2>/dev/null
	diag_last
fi
end_test

begin_test "a child that handles SIGTERM decides the exit status"
if start_bg 'trap "echo caught; exit 3" TERM; echo $$ > pid; echo $$ > pid2; sleep 30 & wait'; then
	kill -TERM "$FSJ_PID"
	wait_fsj
	assert_rc 3
	assert_out_match '^caught$'
else
	fail "the command did not start"
	kill -KILL "$FSJ_PID" 2>/dev/null
	wait "$FSJ_PID" 2>/dev/null
	diag_last
fi
end_test

# The expected 126 and 127 come from env(1) on this machine.
printf '#!/bin/sh\ntouch "%s"\n' "$WS/marker-noexec" >"$WS/notexec"
chmod 644 "$WS/notexec"

begin_test "a command that does not exist: 127 (as env), with its name in stderr"
env no-such-command-fsjail >/dev/null 2>&1
want=$?
fsj -- no-such-command-fsjail
assert_rc "$want" "env gives $want"
assert_rc 127
assert_err_match 'no-such-command-fsjail'
end_test

begin_test "a path that does not exist: 127"
fsj -- "$WS/no/such/file"
assert_rc 127
end_test

begin_test "a file without execute permission: 126 (as env), nothing runs"
env "$WS/notexec" >/dev/null 2>&1
want=$?
assert_not_exists "$WS/marker-noexec"
fsj -- "$WS/notexec"
assert_rc "$want" "env gives $want"
assert_rc 126
assert_not_exists "$WS/marker-noexec"
assert_err_match 'notexec'
end_test

begin_test "a directory as the command: 126"
mkdir -p "$WS/adir"
fsj -- "$WS/adir"
assert_rc 126
end_test

begin_test "a child that exits 125 by itself: 125, and fsjail prints no error"
fsj -- bash -c 'exit 125'
assert_rc 125
# the one-line note that refused reads are not listed is not an error (t0210)
if grep -v '^fsjail: note: the command failed' "$ERR" | grep -q .; then
	fail "fsjail printed an error although the child exited 125 by itself"
	diag_last
fi
end_test

begin_test "ignored signals and the signal mask pass to the command as a plain exec passes them"
# A signal ignored or blocked in fsjail's caller (bash's trap '', nohup)
# is ignored or blocked in the command too, as execve(2) keeps them:
# compare fsjail's command with the same command run bare.
cat >"$T/sigstate.py" <<'EOF'
import signal, subprocess, sys
signal.signal(signal.SIGPIPE, signal.SIG_IGN)
signal.signal(signal.SIGUSR1, signal.SIG_IGN)
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2, signal.SIGWINCH})
cmd = ["grep", "-E", "^Sig(Ign|Blk)", "/proc/self/status"]
bare = subprocess.run(cmd, capture_output=True, text=True, restore_signals=False).stdout
jail = subprocess.run([sys.argv[1], "run", "--workspace", sys.argv[2], "--"] + cmd,
                      capture_output=True, text=True, restore_signals=False).stdout
print("bare", " ".join(bare.split()))
print("jail", " ".join(jail.split()))
sys.exit(0 if bare == jail and "SigIgn" in jail else 1)
EOF
run_cmd python3 "$T/sigstate.py" "$FSJAIL" "$WS"
assert_rc 0
run_cmd bash -c "trap '' USR1; \"\$1\" run --workspace \"\$2\" -- bash -c 'kill -USR1 \$\$; echo survived'" \
	bash "$FSJAIL" "$WS"
assert_rc 0
assert_out_eq "survived"
end_test

done_testing
