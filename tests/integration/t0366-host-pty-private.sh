#!/bin/bash
# The host's pseudo-terminals are out of the command's reach (att15): the
# baseline grants read and write on /dev/pts for the command's own
# terminal and the ptys it makes, and that reached every terminal of the
# same user on the host (/dev/pts/N of another window, its owner's): the
# command read what was typed there (a password given to sudo) and wrote
# there (a fake prompt). bubblewrap's `--dev` and firejail's private-dev
# give a devpts instance of the sandbox's own; so does fsjail now where it
# makes a mount namespace (src/devpts.c devpts_mount()). Test 1 fails
# before; tests 2 and 3 guard the ptys the command makes and its own
# terminal.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_HOST_PTY_USER_PASS 3
setup
require_landlock

command -v python3 >/dev/null || skip_rest_kernel "no python3"
"$FSJAIL" status --workspace "$WS" --json 2>/dev/null | grep -Eq '"dev_shm":[[:space:]]*"private"' ||
	skip_rest_kernel "no mount namespace for the sandbox here (its /dev/pts is the host's)"

begin_test "a terminal of the host is neither read nor written by the command"
# The host's terminal: python holds the master, the slave is open (a shell
# would hold it), and "the user" has typed a line no one has read yet.
python3 - "$T" <<'PY' &
import os, pty, sys, time
t = sys.argv[1]
m, s = pty.openpty()
open(t + "/pty.name", "w").write(os.ttyname(s))
os.write(m, b"hunter2\n")
for _ in range(300):
    if os.path.exists(t + "/done"):
        break
    time.sleep(0.1)
os.set_blocking(m, False)
try:
    got = os.read(m, 4096)
except BlockingIOError:
    got = b""
open(t + "/pty.shown", "wb").write(got)
PY
HOST=$!
for _ in $(seq 100); do [ -s "$T/pty.name" ] && break; sleep 0.1; done
PTY=$(cat "$T/pty.name")
fsj -- python3 -c '
import os, select, sys
try:
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
except OSError as e:
    print("not opened:", e.strerror)
    sys.exit(0)
print("OPENED")
os.write(fd, b"MARKER-FROM-SANDBOX\r\n")
if select.select([fd], [], [], 2)[0]:
    print("READ", os.read(fd, 100))' "$PTY"
: >"$T/done"
wait "$HOST"
assert_rc 0
assert_out_nomatch "OPENED|hunter2"
grep -q MARKER "$T/pty.shown" && fail "the host's terminal $PTY showed what the command wrote"
grep -q hunter2 "$T/pty.shown" || fail "the host's terminal lost its line: $(cat "$T/pty.shown")"
end_test

begin_test "the ptys the command makes work (script, openpty, opened again by name)"
fsj -- sh -c 'script -qc "tty; echo inner" /dev/null; python3 -c "
import os, pty
m, s = pty.openpty()
fd = os.open(os.ttyname(s), os.O_RDWR)
os.write(fd, b\"hi\n\")
print(\"PTY\", os.read(m, 10))"'
assert_rc 0
assert_out_match '^/dev/pts/[0-9]+'
assert_out_match '^inner'
assert_out_match "^PTY b'hi"
end_test

begin_test "the command's own terminal works: /dev/tty, stty"
if command -v script >/dev/null; then
	script -qc "$(printf '%q ' "$FSJAIL" run --workspace "$WS" -- sh -c \
		'echo to-tty >/dev/tty; stty -g >/dev/null && echo stty-ok')" /dev/null \
		>"$OUT" 2>"$ERR"
	RC=$?
	assert_rc 0
	assert_out_match 'to-tty'
	assert_out_match 'stty-ok'
else
	fail "no script(1)"
fi
end_test

end_user_pass
done_testing
