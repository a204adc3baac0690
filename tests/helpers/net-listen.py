#!/usr/bin/env python3
# net-listen.py PORTFILE LOGFILE - the host side of t0064-network-deny.sh,
# started by the test outside any sandbox: a UDP and a TCP listener on one
# port of 127.0.0.1, and a stand-in DNS resolver on another UDP port that
# answers every query for an A record with 192.0.2.1. PORTFILE gets
# "PORT DNSPORT"; every datagram, connection and query received is appended
# to LOGFILE as one line. Runs until killed.
import os, select, socket, sys

portfile, logfile = sys.argv[1], sys.argv[2]
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
udp.bind(("127.0.0.1", 0))
port = udp.getsockname()[1]
tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
tcp.bind(("127.0.0.1", port))
tcp.listen(8)
dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
dns.bind(("127.0.0.1", 0))
with open(portfile + ".tmp", "w") as f:
    f.write("%d %d\n" % (port, dns.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)


def log(line):
    with open(logfile, "a") as f:
        f.write(line + "\n")


while True:
    r, _, _ = select.select([udp, tcp, dns], [], [])
    if udp in r:
        data, _ = udp.recvfrom(4096)
        log("udp " + data.decode(errors="replace"))
    if tcp in r:
        c, _ = tcp.accept()
        c.settimeout(2)
        try:
            data = c.recv(4096)
        except OSError:
            data = b""
        log("tcp " + data.decode(errors="replace"))
        c.close()
    if dns in r:
        q, peer = dns.recvfrom(512)
        log("dns query")
        # header: same id, QR|RD|RA, 1 question, 1 answer; the question
        # copied; the answer a pointer to the name, A IN, TTL 60, 4 bytes.
        ans = q[:2] + b"\x81\x80" + q[4:6] + b"\x00\x01\x00\x00\x00\x00" + q[12:]
        ans += b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04\xc0\x00\x02\x01"
        dns.sendto(ans, peer)
