#!/usr/bin/env python3
"""load.py broker CLIENTS REQUESTS PATH | files PROCS CHANGES DIR

The load of bench/run-load.sh (issue 19 item 5), run inside `fsjail run`
(or bare, for the baseline of `files`):

broker: CLIENTS threads, each on its own connection to
  $FSJAIL_BROKER_SOCKET, send REQUESTS touch requests on PATH one after the
  other (each waits for its reply) and time each one.
files: PROCS processes each make CHANGES changes to 100 files of their own
  under DIR that existed before the run (truncate and write: each goes
  through the listener; the first of each file also through its backup).

Prints one line: "<what> n=N seconds=S per_second=R p50_ms=A p90_ms=B
p99_ms=C max_ms=D" (latencies of single requests or changes)."""
import json
import os
import socket
import sys
import threading
import time


def pct(v, p):
    return v[min(len(v) - 1, int(len(v) * p))] * 1000.0


def report(what, lat, secs):
    lat.sort()
    print("%s n=%d seconds=%.3f per_second=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f"
          % (what, len(lat), secs, len(lat) / secs, pct(lat, .5), pct(lat, .9), pct(lat, .99),
             lat[-1] * 1000.0))


def broker(clients, requests, path):
    sock = os.environ["FSJAIL_BROKER_SOCKET"]
    sid, cid = os.environ["FSJAIL_SESSION_ID"], os.environ["FSJAIL_CALL_ID"]
    lat, lock, bad = [], threading.Lock(), []

    def client(k):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock)
        f = s.makefile("rb")
        mine = []
        for i in range(requests):
            req = json.dumps({"id": "%d-%d" % (k, i), "command": "HostFileOperation",
                              "operation": "touch", "path": path, "sessionId": sid,
                              "callId": cid}) + "\n"
            t = time.perf_counter()
            s.sendall(req.encode())
            line = f.readline()
            mine.append(time.perf_counter() - t)
            if not line or json.loads(line).get("id") != "%d-%d" % (k, i):
                bad.append(line)
                break
        s.close()
        with lock:
            lat.extend(mine)

    t0 = time.perf_counter()
    ts = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if bad:
        sys.exit("load.py: a reply missing or out of order: %r" % bad[0][:200])
    report("broker", lat, time.perf_counter() - t0)


def worker(args):
    k, changes, d = args
    lat = []
    for i in range(changes):
        p = os.path.join(d, "p%d" % k, "f%d" % (i % 100))
        t = time.perf_counter()
        with open(p, "w") as f:
            f.write("change %d\n" % i)
        lat.append(time.perf_counter() - t)
    return lat


def files(procs, changes, d):
    # fork and pipes, not multiprocessing: its semaphores need /dev/shm,
    # which the sandbox may not grant
    t0 = time.perf_counter()
    kids = []
    for k in range(procs):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            with os.fdopen(w, "w") as out:
                json.dump(worker((k, changes, d)), out)
            os._exit(0)
        os.close(w)
        kids.append((pid, r))
    lat = []
    for pid, r in kids:
        with os.fdopen(r) as inp:
            lat.extend(json.load(inp))
        os.waitpid(pid, 0)
    report("files", lat, time.perf_counter() - t0)


if __name__ == "__main__":
    if sys.argv[1] == "broker":
        broker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        files(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
