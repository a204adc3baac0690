#!/usr/bin/env python3
# unix-listen.py PATH stream|dgram LOG: a Unix socket listener outside the
# sandbox for the connect tests (t0066). Appends one line to LOG per
# accepted connection ("conn") or datagram ("dgram DATA"), flushed at
# once; writes LOG.ready once bound. Runs until killed.
import os
import socket
import sys

path, kind, log = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    os.unlink(path)
except OSError:
    pass
if kind == "stream":
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
else:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(path)
os.chmod(path, 0o777)
if kind == "stream":
    s.listen(128)
with open(log + ".ready", "w") as f:
    f.write("ready\n")
with open(log, "a", buffering=1) as out:
    while True:
        if kind == "stream":
            c, _ = s.accept()
            out.write("conn\n")
            c.close()
        else:
            data = s.recv(65536)
            out.write("dgram %s\n" % data.decode("ascii", "replace"))
