#!/bin/bash
# The standard devices work under the fence (DESIGN.md section 4: standard
# device nodes read + write): > /dev/null, 2>&1, reading /dev/zero and
# /dev/urandom, stdin/stdout passing through, and a terminal on stdin
# (`stty -g` under a pty made by util-linux script(1), Debian package
# bsdutils) (issue 2, test 8).
. "$(dirname "$0")/libserial.sh" pty

plan 10
setup
require_landlock

begin_test "> /dev/null and reading /dev/null work"
fsj_sh -- 'echo hidden > /dev/null && echo visible; cat /dev/null; echo done'
assert_rc 0
assert_out_eq "visible
done"
end_test

begin_test "2>&1 inside the sandbox sends stderr to stdout"
fsj_sh -- '(echo to-out; echo to-err >&2) 2>&1 | cat'
assert_rc 0
assert_out_eq "to-out
to-err"
end_test

begin_test "stdout and stderr of the command pass through separately"
fsj_sh -- 'echo to-out; echo to-err >&2'
assert_rc 0
assert_out_eq to-out
assert_err_match '^to-err$'
end_test

begin_test "stdin passes through (a pipe into fsjail run)"
printf 'line1\nline2\n' | "$FSJAIL" run --workspace "$WS" -- cat >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="printf ... | fsjail run -- cat"
assert_rc 0
assert_out_eq "line1
line2"
end_test

begin_test "/dev/zero reads zero bytes"
fsj_sh -- 'head -c 64 /dev/zero | od -An -v -tx1 | tr -d " \n"'
assert_rc 0
assert_out_eq "$(printf '00%.0s' $(seq 64))"
end_test

begin_test "/dev/urandom and /dev/random can be read"
fsj_sh -- 'head -c 32 /dev/urandom | wc -c; head -c 8 /dev/random | wc -c'
assert_rc 0
assert_out_eq "32
8"
end_test

begin_test "python3 can open /dev/null for writing"
fsj -- python3 -c 'open("/dev/null", "w").write("x"); print("ok")'
assert_rc 0
assert_out_eq ok
end_test

# --- a terminal -----------------------------------------------------------
if ! command -v script >/dev/null 2>&1; then
	skip "script(1) not installed (Debian package bsdutils)"
	skip "script(1) not installed (Debian package bsdutils)"
	skip "script(1) not installed (Debian package bsdutils)"
	done_testing
fi

# run_pty CMD...: run `fsjail run -- CMD...` with a pty on stdin, stdout and
# stderr; OUT holds the terminal output without carriage returns.
run_pty()
{
	local cmdline
	cmdline=$(printf '%q ' "$FSJAIL" run --workspace "$WS" -- "$@")
	SHELL=/bin/bash script -qec "$cmdline" /dev/null </dev/null >"$T/pty.raw" 2>"$ERR"
	RC=$?
	tr -d '\r' <"$T/pty.raw" >"$OUT"
	LAST_CMD="script -qec '$cmdline' /dev/null"
}

begin_test "a terminal on stdin: stty -g works"
run_pty stty -g
assert_rc 0
assert_out_match '^[0-9a-f]+(:[0-9a-f]+){10,}$'
end_test

# The run's /dev/pts is a devpts instance of its own where it gets a mount
# namespace (att15, t0366): the caller's terminal works, but has no name
# there, as under `bwrap --dev`; without one it keeps the host's name.
begin_test "a terminal on stdin: test -t sees it, tty names it or says it has no name"
run_pty bash -c 'tty; test -t 0 && test -t 1 && echo is-a-tty'
assert_rc 0
assert_out_match '^(/dev/pts/[0-9]+|not a tty)$'
assert_out_match '^is-a-tty$'
end_test

begin_test "a terminal on stdin: /dev/tty can be opened for writing"
run_pty bash -c 'echo via-dev-tty > /dev/tty'
assert_rc 0
assert_out_match '^via-dev-tty$'
end_test

done_testing
