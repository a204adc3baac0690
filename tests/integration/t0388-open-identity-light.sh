#!/bin/bash
# An open(2)/openat(2) with neither O_CREAT nor O_TMPFILE makes nothing,
# so the listener now reads its caller's identity as it does an unlink's:
# from a pidfd kept per thread (PIDFD_GET_INFO) and capget(2), not from
# /proc/TID/status (perf24: git opens /dev/null O_RDWR in every process).
# What is kept is the descriptor, never what it said: a thread that takes
# another filesystem uid or drops CAP_DAC_OVERRIDE between two such opens
# is refused at once, and a caller that made itself not dumpable after a
# first open is refused with that reason (its memory is opened through the
# kept /proc/TID after ID_VALID). Root only for 1 and 2 (setfsuid, capset);
# 3 needs the user cloudsdk.
. "$(dirname "$0")/libtest.sh"
. "$(dirname "$0")/libident.sh"
plan 3
setup
require_landlock

ident_calls

if ! is_root; then
	skip_root "setfsuid of a root caller"
	skip_root "capset of a root caller"
else
	begin_test "one thread: O_RDWR open as root, setfsuid(1000): O_RDWR and O_WRONLY|O_TRUNC refused, back to 0: done"
	for f in a1 a2 a3 a4; do echo "keep $f" >"$WS/$f"; done
	fsj -- python3 -c "
exec(open('calls.py').read())
try_('a1', 'a1', os.O_RDWR)
assert fsuid(1000) == 1000
try_('a2', 'a2', os.O_RDWR)
try_('a3', 'a3', os.O_WRONLY | os.O_TRUNC)
assert fsuid(0) == 0
try_('a4', 'a4', os.O_WRONLY | os.O_TRUNC)
"
	assert_rc 0
	grep -qx 'a1 done' "$OUT" || fail "the root open of a1 failed: $(cat "$OUT")"
	grep -qx 'a4 done' "$OUT" || fail "the open of a4 after setfsuid(0) failed: $(cat "$OUT")"
	for f in a2 a3; do
		grep -q "^$f E" "$OUT" || fail "$f was opened with fsuid 1000: $(grep "^$f" "$OUT")"
		assert_content "$WS/$f" "keep $f"
	done
	assert_err_match "identity differs"
	end_test

	begin_test "a thread that drops CAP_DAC_OVERRIDE after an O_RDWR open: its next one is refused"
	for f in d1 d2; do echo "keep $f" >"$WS/$f"; done
	fsj -- python3 -c "
exec(open('calls.py').read())
try_('d1', 'd1', os.O_RDWR)
drop_dac_override()
try_('d2', 'd2', os.O_WRONLY | os.O_TRUNC)
"
	assert_rc 0
	grep -qx 'd1 done' "$OUT" || fail "the open of d1 failed: $(cat "$OUT")"
	grep -q '^d2 E' "$OUT" || fail "d2 was opened without CAP_DAC_OVERRIDE: $(grep '^d2' "$OUT")"
	assert_content "$WS/d2" "keep d2"
	end_test
fi

begin_test "an ordinary user's process that makes itself not dumpable after an open: refused, and says so"
if ! U=$(user_folder); then
	skip "needs root and the user cloudsdk"
else
	mkdir -p -m 700 "$U/ws" && cp "$WS/calls.py" "$U/ws/" && echo "keep u" >"$U/ws/u2" &&
		chown -R cloudsdk: "$U/ws"
	cd "$U/ws" || bail_out "cannot enter $U/ws"
	as_user "$U" "$FSJAIL" run --workspace "$U/ws" -- python3 -c "
exec(open('calls.py').read())
try_('u1', '/dev/null', os.O_RDWR)
assert libc.prctl(4, 0, 0, 0, 0) == 0  # PR_SET_DUMPABLE
try_('u2', 'u2', os.O_WRONLY | os.O_TRUNC)
"
	cd "$WS" || bail_out "cannot enter $WS"
	assert_rc 0
	grep -qx 'u1 done' "$OUT" || fail "the open of /dev/null failed: $(cat "$OUT")"
	grep -q '^u2 E' "$OUT" || fail "u2 was opened: $(grep '^u2' "$OUT")"
	assert_content "$U/ws/u2" "keep u"
	assert_err_match "the caller's memory cannot be read \\(it is not dumpable: "
	rm -rf "$U"
	end_test
fi

done_testing
