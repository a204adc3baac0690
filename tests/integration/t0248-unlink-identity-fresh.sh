#!/bin/bash
# The listener reads the identity of the caller of an unlink, rmdir,
# rename, link or truncate from a pidfd kept per thread (PIDFD_GET_INFO)
# and capget(2), not from /proc/TID/status (issue 14 item 4,
# src/notify-tracee.c notify_read_creds()). What is kept from one call to
# the next is the descriptor, never what it said: a thread that changes
# its filesystem uid or drops CAP_DAC_OVERRIDE between two calls, or
# another thread of the same process that does, is refused at once (the
# supervisor acts as root only for a root caller), while the unchanged
# thread goes on. A cache of the identity per thread or per process (pid
# and start time) would let the second call through as root.
# Root only: an ordinary user cannot take another filesystem uid.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libident.sh"
plan 3
setup
if ! is_root; then
	for _ in 1 2 3; do skip_root "setfsuid and capset of a root caller"; done
	done_testing
fi
require_landlock

ident_calls
cat >>"$WS/calls.py" <<'EOF'

def try_(what, fn, *a):
    try:
        fn(*a)
        print(what, "done")
    except OSError as e:
        print(what, errno.errorcode.get(e.errno, e.errno))
    sys.stdout.flush()

def trunc(p):
    os.truncate(p, 0)
EOF

begin_test "one thread: unlink as root, setfsuid(1000), unlink/rename/link/truncate refused, back to 0, unlink again"
for f in a1 a2 a3 a4 a5 a6; do echo "keep $f" >"$WS/$f"; done
fsj -- python3 -c "
exec(open('calls.py').read())
try_('a1', os.unlink, 'a1')
assert fsuid(1000) == 1000
try_('a2', os.unlink, 'a2')
try_('a3', os.rename, 'a3', 'a3.new')
try_('a4', os.link, 'a4', 'a4.new')
try_('a5', trunc, 'a5')
assert fsuid(0) == 0
try_('a6', os.unlink, 'a6')
"
assert_rc 0
grep -qx 'a1 done' "$OUT" || fail "the root unlink of a1 failed: $(cat "$OUT")"
grep -qx 'a6 done' "$OUT" || fail "the unlink of a6 after setfsuid(0) failed: $(cat "$OUT")"
for f in a2 a3 a4 a5; do
	grep -q "^$f E" "$OUT" || fail "$f was acted on with fsuid 1000: $(grep "^$f" "$OUT")"
	assert_content "$WS/$f" "keep $f"
done
[ ! -e "$WS/a3.new" ] && [ ! -e "$WS/a4.new" ] || fail "a name was made with fsuid 1000"
[ ! -e "$WS/a1" ] && [ ! -e "$WS/a6" ] || fail "a1 or a6 is still there"
end_test

begin_test "two threads of one process: the one that took fsuid 1000 is refused, the other goes on as root, in turns"
for i in 1 2 3 4; do echo "keep b$i" >"$WS/b$i"; echo "keep c$i" >"$WS/c$i"; done
fsj -- python3 -c "
exec(open('calls.py').read())
turn = [threading.Semaphore(0), threading.Semaphore(0)]
def other():
    for i in (1, 2, 3, 4):
        turn[1].acquire()
        if i == 2:
            assert fsuid(1000) == 1000
        try_('c%d' % i, os.unlink, 'c%d' % i)
        turn[0].release()
t = threading.Thread(target=other)
t.start()
for i in (1, 2, 3, 4):
    try_('b%d' % i, os.unlink, 'b%d' % i)
    turn[1].release()
    turn[0].acquire()
t.join()
"
assert_rc 0
for i in 1 2 3 4; do
	grep -qx "b$i done" "$OUT" || fail "the root thread's unlink of b$i failed: $(grep "^b$i" "$OUT")"
done
grep -qx 'c1 done' "$OUT" || fail "the second thread's root unlink of c1 failed: $(grep '^c1' "$OUT")"
for i in 2 3 4; do
	grep -q "^c$i E" "$OUT" || fail "c$i was unlinked for a thread with fsuid 1000"
	assert_content "$WS/c$i" "keep c$i"
done
end_test

begin_test "a thread that drops CAP_DAC_OVERRIDE after an unlink: its next unlink and rename are refused"
for f in d1 d2 d3; do echo "keep $f" >"$WS/$f"; done
fsj -- python3 -c "
exec(open('calls.py').read())
try_('d1', os.unlink, 'd1')
drop_dac_override()
try_('d2', os.unlink, 'd2')
try_('d3', os.rename, 'd3', 'd3.new')
"
assert_rc 0
grep -qx 'd1 done' "$OUT" || fail "the unlink of d1 failed: $(cat "$OUT" "$ERR")"
for f in d2 d3; do
	grep -q "^$f E" "$OUT" || fail "$f was acted on without CAP_DAC_OVERRIDE: $(grep "^$f" "$OUT")"
	assert_content "$WS/$f" "keep $f"
done
end_test

done_testing
