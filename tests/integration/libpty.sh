# shellcheck shell=bash
# libpty.sh - the host's terminals for the pty tests (t0366, t0389, t0390,
# t0394, t0395). Source it after libtest.sh.
#
# pty_setup [no-mountns]: setup, then Landlock and python3 (its pty module
# makes the host's terminals) or the rest skipped loudly. With no-mountns
# the run gets no mount namespace (FSJAIL_NO_MOUNT_MASKS=1, the fallback
# where unprivileged user namespaces are refused), so no devpts instance
# of its own: Landlock alone keeps the host's /dev/pts. Call it after
# plan or plan_user_pass.
pty_setup()
{
	if [ "${1-}" = no-mountns ]; then export FSJAIL_NO_MOUNT_MASKS=1; fi
	setup
	require_landlock
	command -v python3 >/dev/null || skip_rest_kernel "no python3"
}

# host_pty: a terminal of the host, outside the run: python holds its
# master and its slave (a shell there would) and "the user" has typed a
# line no one has read yet; its name in $PTY (and $T/pty.name), python's
# pid in $HOST. It keeps what reaches the master (what a command wrote on
# the terminal) in $T/pty.shown once $T/done exists (host_pty_end).
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

# host_pty_end: ends host_pty's python; the host terminal has shown
# nothing the command wrote (no MARKER) and still holds the line typed
# there, else a failure each.
host_pty_end()
{
	: >"$T/done"
	wait "$HOST"
	grep -q MARKER "$T/pty.shown" && fail "the host's terminal $PTY showed what the command wrote"
	grep -q hunter2 "$T/pty.shown" || fail "the host's terminal lost its line: $(cat "$T/pty.shown")"
}

# assert_pty_kept [SUFFIX]: the lines a python driver printed after the
# command's output for a host terminal it held (t0394, t0395: "SHOWN<SUFFIX>
# <what the terminal showed>", "KEPT<SUFFIX> <what is still to read
# there>") say nothing arrived from the command (no MARKER shown) and the
# line typed there (hunter2) is still unread; else a failure each.
assert_pty_kept()
{
	assert_out_nomatch "^SHOWN${1-} .*MARKER"
	assert_out_match "^KEPT${1-} b'hunter2"
}
