#!/bin/bash
# The broker under load (issue 19, issue 13 item 7): pipelined requests
# each get their reply, in order; a flood of requests cannot grow the
# audit log past its per-run cap (src/audit.h), and the log says in one
# line how many lines it dropped.
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client
[ -x "$BC_SRC" ] || bail_out "no broker-client at '$BC_SRC' (make check builds it)"
cp "$BC_SRC" "$WS/bc"
: >"$WS/pf"
AUDIT=$STATE_DIR/audit.ndjson
# the cap of src/audit.h, in bytes
CAP=$((16 * 1024 * 1024))

# one touch request with id @N@ (broker-client -p numbers it)
REQ='{"id":"@N@","command":"HostFileOperation","operation":"touch","path":"'$WS'/pf","sessionId":"SID","callId":"CID"}'

begin_test "10,000 pipelined requests on one connection: every reply, in order"
fsj_sh -- './bc -p 10000 "$(printf %s "$1" | sed "s/SID/$FSJAIL_SESSION_ID/; s/CID/$FSJAIL_CALL_ID/")"' "$REQ"
assert_rc 0
assert_out_match '^replies=10000 in-order=yes$'
end_test

# pipe.py: 200 token requests (FD replies, each followed by the byte
# carrying its descriptor) and 200 malformed JSON lines, all sent before
# any reply is read; prints the replies in order, "FD" for each
# descriptor received. It reads slowly, so the broker's socket buffer
# fills and empties again while its reply queue is full after the
# client's EOF: a broker that stops there (issue 19) times out.
cat >"$WS/pipe.py" <<'EOF2'
import os, socket, sys, time
n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
s = socket.socket(socket.AF_UNIX)
s.settimeout(60)
s.connect(os.environ["FSJAIL_BROKER_SOCKET"])
t = "fsjail.read\t%s/pf\t%s\t%s\n" % (os.getcwd(), os.environ["FSJAIL_SESSION_ID"],
                                     os.environ["FSJAIL_CALL_ID"])
s.sendall(((t + "{bad json\n") * n).encode())
s.shutdown(socket.SHUT_WR)
buf, fds = b"", 0
while True:
    time.sleep(0.002)
    data, anc, flags, addr = s.recvmsg(4096, socket.CMSG_SPACE(64 * 4))
    for level, kind, payload in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            for i in range(0, len(payload) - len(payload) % 4, 4):
                fds += 1
                os.close(int.from_bytes(payload[i:i + 4], "little"))
    if not data:
        break
    buf += data
out = []
while buf:
    if buf[:1] == b"F" and not buf.startswith(b"FD\n"):
        buf = buf[1:]  # the byte that carried a descriptor
        continue
    line, _, buf = buf.partition(b"\n")
    out.append(line.decode())
print("fds=%d" % fds)
print("lines=%d" % len(out))
print("misplaced=%d" % sum(1 for i, l in enumerate(out)
                           if (i % 2 == 0) != (l == "FD") or (i % 2 == 1 and "malformed JSON" not in l)))
EOF2

begin_test "token and malformed JSON requests pipelined together: one reply each, in order"
fsj -- python3 pipe.py
assert_rc 0
assert_out_match '^fds=200$'
assert_out_match '^lines=400$'
assert_out_match '^misplaced=0$'
end_test

# 1,000 pairs are over 64 KiB, more than the broker's line buffer: it
# reads them in several rounds between full reply queues.
begin_test "over 64 KiB of pipelined token and malformed requests: one reply each, in order"
fsj -- python3 pipe.py 1000
assert_rc 0
assert_out_match '^fds=1000$'
assert_out_match '^lines=2000$'
assert_out_match '^misplaced=0$'
end_test

begin_test "100,000 requests cannot grow the audit log past the cap; one line says how many were dropped"
before=$(stat -c %s "$AUDIT" 2>/dev/null || echo 0)
fsj_sh -- './bc -p 100000 "$(printf %s "$1" | sed "s/SID/$FSJAIL_SESSION_ID/; s/CID/$FSJAIL_CALL_ID/")"' "$REQ"
after=$(stat -c %s "$AUDIT")
assert_out_match '^replies=100000 in-order=yes$'
grown=$((after - before))
diag "the audit log grew by $grown bytes (cap $CAP)"
[ "$grown" -le "$CAP" ] || fail "the audit log grew by $grown bytes, over the cap of $CAP"
n=$(tail -c "$grown" "$AUDIT" | grep -c '"decision":"dropped"')
[ "$n" = 1 ] || fail "expected one line about dropped lines, got $n"
tail -c "$grown" "$AUDIT" | grep '"decision":"dropped"' | grep -Eq 'detail":"[0-9]+ audit line\(s\) dropped' ||
	fail "the dropped line does not say how many"
end_test

begin_test "fsjail log escapes control bytes in text mode; --json stays exact"
NAME=$(printf 'x\033]0;pwned\007\033[31mred\302\233q\377')
fsj_sh -- './bc "{\"id\":\"e\",\"command\":\"HostFileOperation\",\"operation\":\"touch\",\"path\":\"$PWD/$1\",\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\"}"' "$NAME"
assert_out_match '"ok":true'
run_cmd "$FSJAIL" log --tail 3
assert_rc 0
if LC_ALL=C grep -q "$(printf '\033')" "$OUT"; then fail "a raw ESC byte reached the output"; fi
if LC_ALL=C grep -q "$(printf '\007')" "$OUT"; then fail "a raw BEL byte reached the output"; fi
assert_out_match 'x\\x1b\]0;pwned\\x07\\x1b\[31mred\\xc2\\x9bq\\xff'
run_cmd "$FSJAIL" log --json --tail 3
assert_out_match 'x\\u001b\]0;pwned\\u0007\\u001b\[31mred'
assert_out_match '"path_hex":"[0-9a-f]*ff"'
end_test

begin_test "fsjail log --tail 1 on a log over 256 MiB reads from the end"
mv "$AUDIT" "$T/audit.kept"
truncate -s 300M "$AUDIT"
printf '\n{"time":"t","session":"big","decision":"deny","capability":"read","path":"/last"}\n' >>"$AUDIT"
run_cmd "$FSJAIL" log --tail 1
assert_rc 0
assert_out_match '^t big deny read /last '
end_test

done_testing
