#!/bin/bash
# The command's own terminal has its name in the run (user14): the run's
# /dev/pts is a devpts instance of its own (att15, t0366), where the
# terminal the command inherits had no name: tty(1) said "not a tty",
# os.ttyname() failed with ENODEV, ps showed "?", and `export
# GPG_TTY=$(tty)` (gpg-agent(1)) left pinentry no terminal to open. The
# host's node of that one terminal is now mounted at its own name in the
# run's instance (src/devpts.c name_own_tty()); the host's other terminals
# stay out of view. Test 1 fails before; tests 2 and 3 (which pass before)
# guard t0366's promise and the ptys the command makes.
. "$(dirname "$0")/libserial.sh" pty
plan_user_pass FSJ_OWN_TTY_USER_PASS 3
setup
require_landlock

command -v python3 >/dev/null || skip_rest_kernel "no python3"
"$FSJAIL" status --workspace "$WS" --json 2>/dev/null | grep -Eq '"dev_shm":[[:space:]]*"private"' ||
	skip_rest_kernel "no mount namespace for the sandbox here (its /dev/pts is the host's)"

# in_pty CMD...: run fsjail on a new pty of the host, its controlling
# terminal, with three other host ptys open first (so its index is not 0
# where this runs alone); stdout gets "OUTER <name of the pty>", then what
# the command wrote there, then "OTHER <name of another host pty>".
in_pty()
{
	python3 - "$FSJAIL" "$WS" "$@" <<'PY' >"$OUT" 2>"$ERR"
import fcntl, os, pty, subprocess, sys, termios
others = [pty.openpty() for _ in range(3)]
m, s = pty.openpty()
print("OUTER", os.ttyname(s))
def ctty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
p = subprocess.Popen([sys.argv[1], "run", "--workspace", sys.argv[2], "--"] + sys.argv[3:],
                     stdin=s, stdout=s, stderr=s, preexec_fn=ctty)
os.close(s)
out = b""
while True:
    try:
        b = os.read(m, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
print(out.decode(errors="replace").replace("\r", ""))
print("OTHER", os.ttyname(others[1][1]))
sys.exit(p.wait())
PY
	RC=$?
}

begin_test "the command's terminal has its name: tty, ttyname(), ps, opened by it"
in_pty sh -c 'tty; python3 -c "import os; print(\"TTYNAME\", os.ttyname(0))";
	echo PS $(ps -o tty= -p $$); echo BYNAME >"$(tty)"'
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
[ -n "$OUTER" ] || fail "no outer pty name"
assert_out_match "^$OUTER\$"
assert_out_match "^TTYNAME $OUTER\$"
assert_out_match "^PS ${OUTER#/dev/}\$"
assert_out_match '^BYNAME$'
assert_out_nomatch 'not a tty'
end_test

begin_test "the host's other terminals stay out of view"
in_pty sh -c 'ls /dev/pts | tr "\n" " "; echo; for f in /dev/pts/[0-9]*; do
	[ -e "$f" ] && [ "$f" != "$(tty)" ] && echo "STRANGER $f"; done; :'
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
OTHER=$(sed -n 's/^OTHER //p' "$OUT")
assert_out_match "^(${OUTER#/dev/pts/} )?ptmx \$"
assert_out_nomatch 'STRANGER'
in_pty python3 -c '
import os, sys
try:
    os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY)
    print("OPENED")
except OSError as e:
    print("refused:", e.strerror)' "$OTHER"
assert_rc 0
assert_out_nomatch 'OPENED'
end_test

begin_test "the ptys the command makes get names of their own"
in_pty sh -c 'script -qc "tty; echo inner" /dev/null; tty || :'
assert_rc 0
OUTER=$(sed -n 's/^OUTER //p' "$OUT")
assert_out_match '^inner'
[ "$(grep -cxF "$OUTER" "$OUT")" -le 1 ] ||
	fail "a pty the command made has the name of its own terminal: $(cat "$OUT")"
grep -E '^/dev/pts/[0-9]+$' "$OUT" | grep -qvxF "$OUTER" || fail "no name of its own: $(cat "$OUT")"
end_test

end_user_pass
done_testing
