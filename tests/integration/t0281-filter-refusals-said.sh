#!/bin/bash
# Every refusal is said (issue 12 item 4, att7): the calls the create
# hook refuses in every run (io_uring_*, memfd_secret, open_by_handle_at,
# the ioctls TIOCSTI, TIOCLINUX, chattr, verity, encryption, subvolumes)
# were answered EPERM by the seccomp filter itself, so no supervisor saw
# them and the summary and --report said nothing. They are trapped now:
# the supervisor answers EPERM and records a refusal with the call, the
# request and the descriptor's path. And "by NAME" was the comm any
# program sets (prctl PR_SET_NAME): the executable is named beside it.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed for the calls and the JSON"
[ "${FSJAIL_NO_NOTIFY:-0}" = 1 ] && skip_rest_kernel "no listener (FSJAIL_NO_NOTIFY=1)"
case $(uname -m) in
x86_64 | aarch64) ;;
*) skip_rest_kernel "io_uring_setup's number is known here for x86_64 and aarch64 only" ;;
esac

# The calls, from inside a run: each prints NAME ERRNO.
calls='import ctypes, fcntl, os, sys, termios
libc = ctypes.CDLL(None, use_errno=True)
r = libc.syscall(425, 8, ctypes.create_string_buffer(120))  # io_uring_setup
print("io_uring_setup", 0 if r >= 0 else ctypes.get_errno())
fd = os.open(sys.argv[1], os.O_RDONLY)
try:
    fcntl.ioctl(fd, termios.TIOCSTI, b"x")
    print("TIOCSTI", 0)
except OSError as e:
    print("TIOCSTI", e.errno)
try:
    fcntl.ioctl(fd, termios.TCGETS, bytes(64))
except OSError as e:
    print("TCGETS", e.errno)
'

# report_has FILE SYSCALL PATH|null: FILE has a fsjail-refusal/1 line for
# SYSCALL with errno EPERM and that path, naming the program.
report_has()
{
	python3 - "$@" <<'PY'
import json, sys
want_path = None if sys.argv[3] == "null" else sys.argv[3]
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
hit = [r for r in rows if r.get("syscall") == sys.argv[2]]
assert hit, "no line for %s in %r" % (sys.argv[2], rows)
r = hit[0]
assert r["schema"] == "fsjail-refusal/1" and r["errno"] == "EPERM", r
assert r["path"] == want_path, r
assert r["executable"] and r["executable"].startswith("/"), r
assert "refused in every run" in r["reason"], r
PY
}

begin_test "io_uring_setup and TIOCSTI still fail EPERM, an ordinary ioctl is let through"
: >"$WS/f"
fsj --report "$T/report" -- python3 -c "$calls" "$WS/f"
assert_rc 0
assert_out_match '^io_uring_setup 1$'
assert_out_match '^TIOCSTI 1$'
# TCGETS on a file: ENOTTY from the kernel itself, not EPERM from the hook
assert_out_match '^TCGETS 25$'
end_test

begin_test "both appear in the summary, with the ioctl's file"
assert_err_match "refusals? in this run"
assert_err_match "io_uring_setup refused in every run"
assert_err_match "write $WS/f: ioctl 0x5412 refused in every run \\(TIOCSTI"
if grep -q TCGETS "$ERR" || grep -q '0x5401' "$ERR"; then
	fail "an ordinary ioctl was reported: $(cat "$ERR")"
fi
end_test

begin_test "both appear in --report, with call, errno EPERM, path and executable"
report_has "$T/report" io_uring_setup null || fail "io_uring_setup: $(cat "$T/report")"
report_has "$T/report" ioctl "$WS/f" || fail "ioctl: $(cat "$T/report")"
end_test

begin_test "a renamed comm does not hide the program: its executable is named, the name whole"
exe=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
# shellcheck disable=SC2016
fsj --report "$T/report2" -- python3 -c 'import ctypes, os, sys
ctypes.CDLL(None).prctl(15, b"git\nx", 0, 0, 0)  # PR_SET_NAME
try:
    os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT, 0o644)
except OSError as e:
    print("refused", e.errno)
' "$HOME/outside"
assert_out_match '^refused'
assert_not_exists "$HOME/outside"
assert_err_match "create $HOME/outside: .*; by $exe \\(comm git\\\\x0ax\\)"
python3 - "$T/report2" "$exe" <<'PY' || fail "the report does not name the executable: $(cat "$T/report2")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
assert any(r["command"] == "git\nx" and r["executable"] == sys.argv[2] for r in rows), rows
PY
end_test

done_testing
