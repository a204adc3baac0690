#!/bin/bash
# network: deny means no network (issue 13 item 6; DESIGN.md section 7).
# Landlock (ABI 4+) refuses only TCP bind and connect; fsjail gives the
# command its own network namespace with loopback only, or, where no
# namespace can be made (FSJAIL_NO_NET_NAMESPACE=1 here), a seccomp filter
# that refuses socket(2) for every family but AF_UNIX and AF_NETLINK.
# A UDP and a TCP listener and a stand-in DNS resolver run outside, on
# 127.0.0.1, started by this script: under deny none of them receives
# anything and the DNS query gets no answer, with either method, as root
# and as an ordinary user; /etc/hosts still resolves and Unix sockets
# work. With network allowed everything arrives (the control).
. "$(dirname "$0")/libtest.sh"

plan 10
setup
require_landlock

LOG=$T/listener.log
: >"$LOG"
python3 "$TEST_SRCDIR/helpers/net-listen.py" "$T/ports" "$LOG" &
LPID=$!
trap 'kill $LPID 2>/dev/null; wait $LPID 2>/dev/null; cleanup' EXIT
for _ in $(seq 100); do
	[ -s "$T/ports" ] && break
	sleep 0.1
done
read -r PORT DNSPORT <"$T/ports" || bail_out "the listener did not start"
# The client runs from the workspace: every tier can read it there.
cp "$TEST_SRCDIR/helpers/net-client.py" "$WS/net-client.py"

# client OPTIONS...: run the client under fsjail with OPTIONS.
client()
{
	: >"$LOG"
	fsj "$@" -- python3 "$WS/net-client.py" "$PORT" "$DNSPORT"
	sleep 0.3 # let the listener log what reached it
}

begin_test "network allowed: the host's UDP and TCP listeners and resolver are reached (control)"
client --network allow
assert_rc 0
assert_out_match 'udp=sent tcp=sent dns=answered'
assert_out_match 'unix=ok'
grep -q '^udp hello-udp$' "$LOG" || fail "the UDP datagram did not arrive"
grep -q '^tcp hello-tcp$' "$LOG" || fail "the TCP connection did not arrive"
end_test

for method in netns seccomp; do
	if [ $method = seccomp ]; then
		export FSJAIL_NO_NET_NAMESPACE=1
	fi

	begin_test "$method: under --network deny no UDP datagram or TCP connection reaches the host"
	client --network deny
	assert_rc 0
	if [ -s "$LOG" ]; then
		fail "the host's listener received something"
		diag_file listener "$LOG"
	fi
	assert_out_match 'tcp=refused'
	end_test

	begin_test "$method: a DNS query to a resolver on the host gets no answer"
	assert_out_match 'dns=failed'
	grep -q 'dns query' "$LOG" && fail "the resolver saw the query"
	end_test

	begin_test "$method: /etc/hosts still resolves and Unix sockets work"
	assert_out_match 'unix=ok'
	fsj --network deny -- getent hosts localhost
	assert_rc 0
	assert_out_match 'localhost'
	end_test

	begin_test "$method: no raw or packet socket reaches an interface of the host"
	if [ $method = seccomp ]; then
		client --network deny
		assert_out_match 'raw=refused packet=refused ping=refused'
	else
		# in its own namespace a socket may be made; only lo is there
		fsj --network deny -- cat /proc/net/dev
		assert_rc 0
		if grep -v '^ *lo:' "$OUT" | grep -q '^ *[^ |]*:'; then
			fail "an interface other than lo is visible"
			diag_file out "$OUT"
		fi
	fi
	end_test
	unset FSJAIL_NO_NET_NAMESPACE
done

begin_test "without the pid namespace the deny holds, and root cannot setns(2) back to the host's network"
client --network deny
FSJAIL_NO_PID_NAMESPACE=1 client --network deny
assert_rc 0
assert_out_match 'udp=sent tcp=refused dns=failed'
[ -s "$LOG" ] && fail "the host's listener received something"
if is_root; then
	# /proc/1 is the host's init here: its network namespace is the host's
	FSJAIL_NO_PID_NAMESPACE=1 fsj --network deny -- python3 -c '
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
try:
    fd = os.open("/proc/1/ns/net", os.O_RDONLY)
except OSError:
    sys.exit(3)
sys.exit(0 if libc.setns(fd, 0x40000000) == 0 else 4)'
	assert_rc_not 0
	FSJAIL_NO_PID_NAMESPACE=1 fsj --network deny -- grep ^CapEff: /proc/self/status
	python3 -c 'import sys; sys.exit(int(sys.argv[1], 16) >> 21 & 1)' "$(awk '{print $2}' "$OUT")" ||
		fail "the command kept CAP_SYS_ADMIN: $(cat "$OUT")"
fi
end_test
