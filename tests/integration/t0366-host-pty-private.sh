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
. "$(dirname "$0")/libserial.sh" pty
. "$(dirname "$0")/libpty.sh"
plan_user_pass FSJ_HOST_PTY_USER_PASS 3
pty_setup
"$FSJAIL" status --workspace "$WS" --json 2>/dev/null | grep -Eq '"dev_shm":[[:space:]]*"private"' ||
	skip_rest_kernel "no mount namespace for the sandbox here (its /dev/pts is the host's)"

begin_test "a terminal of the host is neither read nor written by the command"
host_pty
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
host_pty_end
assert_rc 0
assert_out_nomatch "OPENED|hunter2"
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
