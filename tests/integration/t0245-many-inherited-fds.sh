#!/bin/bash
# fsjail-init sweeps /proc/self/fd once (issue 18: launch_sweep_fds(), the
# numbers read first, then closed), in passes of 256 numbers: past the
# first pass a directory descriptor must still be closed (it looks paths
# up past the mount masks, t0015, t0017) and a file descriptor the caller
# meant for the command must still arrive. The caller here hands on 300
# files (3-302) and directories at numbers 350, 400 and 700: every number
# a byte holds is taken, so the listener's is above 255 (it went to the
# supervisor as one byte, and the run was refused: 'Too many open files').
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

SECRET=MANY-FDS-SECRET-5c1
mkdir -p "$HOME/.ssh"
echo "$SECRET" >"$HOME/.ssh/id_ed25519"
echo inherited >"$WS/file"
write_rules <<EOF2
rules:
  - path: ~
    allow: [read, write, create]
  - path: ~/.ssh
    deny: [read, write, create, delete, execute]
EOF2

# many_fds SCRIPT: fsjail run -- sh -c SCRIPT with 300 inherited files
# (numbers 3-302, without close-on-exec) and $HOME open at 350, 400, 700.
many_fds()
{
	python3 - "$FSJAIL" "$WS" "$HOME" "$WS/file" "$1" >"$OUT" 2>"$ERR" <<'PY'
import os, sys
fsjail, ws, home, f, script = sys.argv[1:6]
fd = os.open(f, os.O_RDONLY)
for n in range(3, 303):  # each number, whatever the harness left open there
    if n != fd:
        os.dup2(fd, n, inheritable=True)
os.set_inheritable(fd, True)
d = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
for n in (350, 400, 700):
    os.dup2(d, n, inheritable=True)
os.close(d)
os.execv(fsjail, [fsjail, "run", "--workspace", ws, "--", "sh", "-c", script])
PY
	RC=$?
}

begin_test "directory descriptors past the first pass of 256 are closed (350, 400, 700)"
many_fds 'for n in 350 400 700; do [ -e /proc/self/fd/$n ] && echo "open $n"; done; echo checked'
assert_rc 0
assert_out_match checked
assert_out_nomatch open
end_test

begin_test "none of them reads past the ~/.ssh mask"
many_fds 'for n in 350 400 700; do cat /proc/self/fd/$n/.ssh/id_ed25519; done 2>/dev/null; echo checked'
assert_out_match checked
assert_out_nomatch "$SECRET"
end_test

begin_test "the caller's 300 file descriptors reach the command (3 and 302 read)"
many_fds 'cat /proc/self/fd/3 /proc/self/fd/302'
assert_rc 0
assert_out_match '^inherited$'
[ "$(grep -c "^inherited$" "$OUT")" = 2 ] || { fail "expected both descriptors read"; diag_last; }
end_test

done_testing
