#!/bin/bash
# An O_PATH open the seccomp listener traps is not refused with EBADF:
# open/openat with O_PATH and a flag the filter traps (O_CREAT, O_WRONLY,
# O_TRUNC, O_DIRECTORY under --report), and openat2 with O_PATH (always
# trapped). The kernel takes O_PATH over every other flag (build_open_how
# in fs/open.c), so such a call is the plain O_PATH open the filter lets
# through; SECCOMP_IOCTL_NOTIF_ADDFD cannot hand an O_PATH file in (EBADF),
# which broke `cp a.txt dist/` and `install -t DIR` under --report (chk34).
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock
command -v python3 >/dev/null 2>&1 || bail_out "python3 is needed"

cat >"$WS/opath.py" <<'PY'
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
def openat2(path, flags, resolve=0):
    buf = ctypes.create_string_buffer(struct.pack("QQQ", flags, 0, resolve))
    r = libc.syscall(437, -100, path.encode(), buf, 24)
    return r if r >= 0 else -ctypes.get_errno()
for name, f in (("creat", os.O_PATH | os.O_CREAT), ("wronly", os.O_PATH | os.O_WRONLY),
                ("trunc", os.O_PATH | os.O_RDWR | os.O_TRUNC),
                ("dir", os.O_PATH | os.O_DIRECTORY)):
    try:
        fd = os.open("dist", f)
        print(name, "ok", "dir" if os.path.isdir("/proc/self/fd/%d" % fd) else "?")
    except OSError as e:
        print(name, "err", e.errno)
try:
    os.open("never", os.O_PATH | os.O_CREAT)
    print("never made")
except OSError as e:
    print("never err", e.errno)
r = openat2("dist", os.O_PATH | os.O_DIRECTORY, 0x08)
print("openat2", "ok" if r >= 0 else "err %d" % -r)
PY

begin_test "O_PATH with a trapped flag opens the folder; it makes nothing"
mkdir -p "$WS/dist"
fsj -- python3 "$WS/opath.py"
assert_rc 0
for n in creat wronly trunc dir; do
	grep -qx "$n ok dir" "$OUT" || fail "O_PATH open ($n): $(grep "^$n " "$OUT")"
done
grep -qx "never err 2" "$OUT" || fail "O_PATH|O_CREAT of a missing name: $(grep '^never' "$OUT")"
[ -e "$WS/never" ] && fail "O_PATH|O_CREAT made a file"
end_test

begin_test "openat2 with O_PATH: opened, or ENOSYS that callers fall back on (never EBADF)"
grep -Eqx "openat2 (ok|err 38)" "$OUT" || fail "openat2 O_PATH: $(grep '^openat2' "$OUT")"
end_test

begin_test "--report: cp into a folder and install -t work"
rm -rf "$WS/dist"
echo a >"$WS/a.txt"
fsj --report "$T/r.ndjson" -- sh -c 'mkdir -p dist && cp a.txt dist/ && mkdir -p inst && install -t inst a.txt && python3 "$1"' sh "$WS/opath.py"
assert_rc 0
[ -f "$WS/dist/a.txt" ] || fail "cp a.txt dist/ did not copy: $(cat "$ERR")"
[ -f "$WS/inst/a.txt" ] || fail "install -t inst did not copy: $(cat "$ERR")"
grep -qx "dir ok dir" "$OUT" || fail "O_PATH|O_DIRECTORY under --report: $(cat "$OUT")"
end_test

done_testing
