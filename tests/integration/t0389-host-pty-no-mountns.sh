#!/bin/bash
# The host's other terminals are out of reach where the run has no mount
# namespace (att18): t0366's devpts instance of the run's own needs one,
# and without it (unprivileged user namespaces refused, as by Ubuntu
# 24.04's AppArmor default; FSJAIL_NO_MOUNT_MASKS=1 here) the baseline's
# grant of read and write on /dev/pts reached every terminal of the same
# user: the command read what was typed in another window (a password
# given to sudo) and wrote there (a fake prompt). Landlock now grants in
# /dev/pts only the terminals the command holds when it starts
# (src/devpts.c devpts_own_ttys()). Tests 1 and 2 fail before.
. "$(dirname "$0")/libtest.sh"
plan_user_pass FSJ_HOST_PTY_NOMNT_USER_PASS 2
export FSJAIL_NO_MOUNT_MASKS=1
setup
require_landlock

command -v python3 >/dev/null || skip_rest_kernel "no python3"

# host_pty: a terminal of the host, outside the run: python holds its
# master and its slave (a shell there would) and "the user" has typed a
# line no one has read yet; its name in $T/pty.name. It keeps what reaches
# the master (what a command wrote on the terminal) in $T/pty.shown once
# $T/done exists.
host_pty()
{
	rm -f "$T/pty.name" "$T/pty.shown" "$T/done"
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
	[ -n "$PTY" ] || fail "no host pty"
}

# host_pty_end: the host terminal has shown nothing the command wrote and
# still holds the line typed there.
host_pty_end()
{
	: >"$T/done"
	wait "$HOST"
	grep -q MARKER "$T/pty.shown" && fail "the host's terminal $PTY showed what the command wrote"
	grep -q hunter2 "$T/pty.shown" || fail "the host's terminal lost its line: $(cat "$T/pty.shown")"
}

begin_test "without a mount namespace another terminal of the host is not read"
host_pty
fsj -- python3 -c '
import errno, os, select, sys
try:
    fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NOCTTY)
except OSError as e:
    print("read refused:", errno.errorcode[e.errno])
    sys.exit(0)
print("OPENED")
if select.select([fd], [], [], 2)[0]:
    print("READ", os.read(fd, 100))' "$PTY"
host_pty_end
assert_rc 0
assert_out_match '^read refused: EACCES$'
assert_out_nomatch 'OPENED|hunter2'
end_test

begin_test "without a mount namespace another terminal of the host is not written"
host_pty
fsj -- python3 -c '
import errno, os, sys
try:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_NOCTTY)
except OSError as e:
    print("write refused:", errno.errorcode[e.errno])
    sys.exit(0)
print("OPENED")
os.write(fd, b"MARKER-FROM-SANDBOX\r\nPassword: ")' "$PTY"
host_pty_end
assert_rc 0
assert_out_match '^write refused: EACCES$'
assert_out_nomatch 'OPENED'
end_test

end_user_pass
done_testing
