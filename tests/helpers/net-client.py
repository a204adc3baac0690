#!/usr/bin/env python3
# net-client.py PORT DNSPORT - the sandboxed side of t0064-network-deny.sh:
# tries each way out to the host and prints one word per try, in order:
#   udp=sent|refused   a datagram "hello-udp" to 127.0.0.1:PORT
#   tcp=sent|refused   a connection to 127.0.0.1:PORT carrying "hello-tcp"
#   dns=answered|failed  an A query for fsjail.test to 127.0.0.1:DNSPORT
#   raw=made|refused   an AF_INET SOCK_RAW (ICMP) socket
#   packet=made|refused  an AF_PACKET socket
#   ping=sent|refused  an ICMP echo through a ping socket to 127.0.0.1
#   unix=ok|failed     a Unix socket pair carries a byte
# "sent" only means the kernel took the data; the host's listener log says
# whether it arrived.
import socket, struct, sys

port, dnsport = int(sys.argv[1]), int(sys.argv[2])
out = []


def attempt(name, ok_word, bad_word, fn):
    try:
        fn()
        out.append("%s=%s" % (name, ok_word))
    except OSError:
        out.append("%s=%s" % (name, bad_word))


def udp():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.sendto(b"hello-udp", ("127.0.0.1", port))


def tcp():
    s = socket.create_connection(("127.0.0.1", port), timeout=2)
    s.sendall(b"hello-tcp")
    s.close()


def dns():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.settimeout(2)
    q = struct.pack(">HHHHHH", 0x4242, 0x0100, 1, 0, 0, 0)
    q += b"\x06fsjail\x04test\x00" + struct.pack(">HH", 1, 1)
    s.sendto(q, ("127.0.0.1", dnsport))
    a = s.recv(512)
    if a[:2] != b"\x42\x42" or a[-4:] != b"\xc0\x00\x02\x01":
        raise OSError("bad answer")


def raw():
    socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP).close()


def packet():
    socket.socket(socket.AF_PACKET, socket.SOCK_RAW).close()


def ping():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_ICMP)
    s.sendto(b"\x08\x00\x00\x00\x00\x01\x00\x01", ("127.0.0.1", 0))


def unix():
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    a.sendall(b"x")
    if b.recv(1) != b"x":
        raise OSError("lost")


attempt("udp", "sent", "refused", udp)
attempt("tcp", "sent", "refused", tcp)
attempt("dns", "answered", "failed", dns)
attempt("raw", "made", "refused", raw)
attempt("packet", "made", "refused", packet)
attempt("ping", "sent", "refused", ping)
attempt("unix", "ok", "failed", unix)
print(" ".join(out))
