#!/bin/bash
# bench/run-connect.sh - what the `connect` capability's listener costs
# (issue 13 item 2; src/notify-sock.c): every sendto with a destination,
# sendmsg, connect and bind is performed by fsjail's supervisor.
#
# One invocation times, bare and inside `fsjail run` (the workspace holds a
# Unix listener the command binds itself, so every connect is allowed):
#   - 10,000 sendto() of 64 bytes on a UDP socket to 127.0.0.1;
#   - 10,000 sendmsg() of 64 bytes on a connected TCP socket;
#   - 1,000 connect()s to a Unix stream socket (accepted and closed);
# the loops run in one python3 process (its start-up is not counted), the
# median of BENCH_RUNS runs, and prints each with its ratio inside/bare.
# Nothing here asserts a time: the numbers are for people, not for tests.
#
# Environment: FSJAIL (default: src/fsjail of this tree), BENCH_RUNS
# (default 5), BENCH_DIR (where the scratch folder is made, default $HOME).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
bench_setup run-connect 5

cat >"$ws/loops.py" <<'PY'
import os, socket, sys, threading, time

def udp(n=10000):
    r = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    r.bind(("127.0.0.1", 0))
    r.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    dst, data = r.getsockname(), b"x" * 64
    t = time.perf_counter()
    for _ in range(n):
        s.sendto(data, dst)
        r.recv(64)
    return time.perf_counter() - t

def tcp(n=10000):
    l = socket.socket()
    l.bind(("127.0.0.1", 0))
    l.listen(1)
    c = socket.create_connection(l.getsockname())
    a, _ = l.accept()
    data = [b"y" * 64]
    t = time.perf_counter()
    for _ in range(n):
        c.sendmsg(data)
        a.recv(64)
    return time.perf_counter() - t

def unix(n=1000):
    path = os.path.join(sys.argv[1], "bench.sock")
    try:
        os.unlink(path)
    except OSError:
        pass
    l = socket.socket(socket.AF_UNIX)
    l.bind(path)
    l.listen(128)
    def serve():
        for _ in range(n):
            c, _ = l.accept()
            c.close()
    th = threading.Thread(target=serve)
    th.start()
    t = time.perf_counter()
    for _ in range(n):
        s = socket.socket(socket.AF_UNIX)
        s.connect(path)
        s.close()
    d = time.perf_counter() - t
    th.join()
    return d

print("%f %f %f" % (udp(), tcp(), unix()))
PY

# median FILE COLUMN: the median of column COLUMN of FILE's lines.
median()
{
	cut -d' ' -f"$2" "$1" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

: >"$scratch/bare"
: >"$scratch/inside"
for _ in $(seq "$runs"); do
	(cd "$ws" && python3 "$ws/loops.py" "$ws") >>"$scratch/bare"
	(cd "$ws" && "$fsjail" run --workspace "$ws" -- python3 "$ws/loops.py" "$ws") \
		>>"$scratch/inside" || die "fsjail run failed"
done
printf '%-34s %10s %10s %8s\n' case bare_s inside_s ratio
col=1
for name in "10,000 UDP sendto (64 B)" "10,000 TCP sendmsg (64 B)" "1,000 Unix stream connects"; do
	b=$(median "$scratch/bare" $col)
	i=$(median "$scratch/inside" $col)
	awk -v n="$name" -v b="$b" -v i="$i" \
		'BEGIN { printf "%-34s %10.4f %10.4f %8.1f\n", n, b, i, i / b }'
	col=$((col + 1))
done
