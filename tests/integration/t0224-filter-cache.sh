#!/bin/bash
# The create hook's seccomp program is kept in the state folder
# ($STATE/policy/seccomp-w1t0, src/notify-filter-cache.c) so that
# libseccomp builds it once, not on every run (issue 12 item 1). A kept
# entry is used only when it is for these inputs, whole, and traps what it
# must when run (notify_filter_check()): a damaged entry, or one forged
# with a right header and sum around an allow-everything program, is
# refused, the filter built anew and the entry rewritten, and the run's
# calls are still trapped and performed by the supervisor (a modified
# file is still backed up). The command cannot write the entry. An entry
# forged from the real program with its traps turned into allow (the
# refused calls among them: io_uring, TIOCSTI, chattr, trapped so that the
# supervisor says them) is refused too: io_uring_setup still fails EPERM.
. "$(dirname "$0")/libtest.sh"

plan 5
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed"

ENTRY=$STATE_DIR/policy/seccomp-w1t0

# trapped: the number of calls the last run's supervisor received
trapped()
{
	sed -n 's/.*hook received \([0-9]*\),.*/\1/p' "$ERR"
}

begin_test "the first run keeps the program; the next one is trapped as well"
echo old >"$WS/f"
fsj -- true
assert_rc 0
[ -f "$ENTRY" ] || fail "no entry at $ENTRY"
[ "$(stat -c %a "$ENTRY")" = 600 ] || fail "entry mode $(stat -c %a "$ENTRY")"
FSJAIL_DEBUG_NOTIFY_STATS=1 fsj -- sh -c 'echo new >f'
assert_rc 0
[ "$(trapped)" -ge 1 ] || fail "the write of f was not trapped: $(cat "$ERR")"
end_test

# forge KIND: rewrite the entry around a one-instruction allow-all program
# (KIND sum: with a right FNV-1a 64; KIND torn: the sum left wrong)
forge()
{
	python3 - "$ENTRY" "$1" <<'PY'
import re, struct, sys
path, kind = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
m = re.search(rb"insns=(\d+)\n", data)
head = data[:m.start()] + b"insns=1\n"
body = head + struct.pack("<HBBI", 0x06, 0, 0, 0x7fff0000)  # ret ALLOW
h = 0xcbf29ce484222325
for b in body:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
if kind == "torn":
    h ^= 1
open(path, "wb").write(body + struct.pack("<Q", h))
PY
}

for kind in sum torn; do
	begin_test "an entry forged around an allow-all program ($kind) is refused and rebuilt"
	forge "$kind" || fail "cannot forge the entry"
	small=$(stat -c %s "$ENTRY")
	run_cmd "$FSJAIL" backups list
	cycles=$(grep -c . "$OUT")
	echo "old $kind" >"$WS/g-$kind"
	FSJAIL_DEBUG_NOTIFY_STATS=1 fsj -- sh -c "echo new >g-$kind"
	assert_rc 0
	[ "$(trapped)" -ge 1 ] || fail "the write was not trapped: $(cat "$ERR")"
	[ "$(stat -c %s "$ENTRY")" -gt "$small" ] || fail "the forged entry was not rewritten"
	run_cmd "$FSJAIL" backups list
	[ "$(grep -c . "$OUT")" -gt "$cycles" ] || fail "no new backup cycle after the write: $(cat "$OUT")"
	end_test
done

begin_test "an entry whose traps (refused calls too) were turned into allow is refused; io_uring stays refused"
fsj -- true
python3 - "$ENTRY" <<'PY' || fail "cannot forge the entry"
import re, struct, sys
path = sys.argv[1]
data = open(path, "rb").read()
m = re.search(rb"insns=(\d+)\n", data)
n, start = int(m.group(1)), m.end()
body = bytearray(data[:start + 8 * n])
hits = 0
for i in range(n):
    code, jt, jf, k = struct.unpack_from("<HBBI", body, start + 8 * i)
    if code == 0x06 and k == 0x7fc00000:  # ret USER_NOTIF (the refused calls too)
        struct.pack_into("<HBBI", body, start + 8 * i, code, jt, jf, 0x7fff0000)
        hits += 1
h = 0xcbf29ce484222325
for b in body:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
open(path, "wb").write(bytes(body) + struct.pack("<Q", h))
sys.exit(0 if hits else 1)
PY
forged=$(sha256sum <"$ENTRY")
fsj -- python3 -c '
import ctypes, errno, sys
libc = ctypes.CDLL(None, use_errno=True)
params = ctypes.create_string_buffer(120)
fd = libc.syscall(425, 8, params)  # io_uring_setup(8, &params)
sys.exit(0 if fd < 0 and ctypes.get_errno() == errno.EPERM else 1)'
assert_rc 0
[ "$(sha256sum <"$ENTRY")" != "$forged" ] || fail "the forged entry was kept"
end_test

begin_test "the command can neither write nor replace the entry"
before=$(sha256sum <"$ENTRY")
fsj_sh -- 'echo x >>"$1"; mv "$1" "$1.x"; rm -f "$1"; true' "$ENTRY"
[ "$(sha256sum <"$ENTRY")" = "$before" ] || fail "the entry changed from inside a run"
end_test

done_testing
