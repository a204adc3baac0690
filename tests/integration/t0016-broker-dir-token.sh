#!/bin/bash
# the broker's token request ("fsjail.read\tPATH\t...") opens PATH
# in the supervisor's mount namespace and passes the descriptor back. When
# PATH is a directory, the command gets a directory descriptor that looks
# paths up past every mount mask: openat(dirfd, ".ssh/id_ed25519") reads a
# key hidden by the ~/.ssh mask, openat(dirfd, ".git/hooks/x", O_CREAT)
# plants a hook under the read-only .git/hooks mask. The broker must refuse
# (or never pass) a directory descriptor.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
unset FSJAIL_NO_MOUNT_MASKS

SECRET=BROKER-DIR-SECRET-5e1
TOKEN_CLIENT='
import array, os, socket, sys
path, rel, mode = sys.argv[1], sys.argv[2], sys.argv[3]
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(os.environ["FSJAIL_BROKER_SOCKET"])
s.sendall(("fsjail.read\t%s\t%s\t%s\n" % (path, os.environ["FSJAIL_SESSION_ID"],
           os.environ["FSJAIL_CALL_ID"])).encode())
fds, got = array.array("i"), b""
for _ in range(4):
    msg, anc, _, _ = s.recvmsg(1, socket.CMSG_LEN(4))
    got += msg
    for lvl, typ, data in anc:
        if lvl == socket.SOL_SOCKET and typ == socket.SCM_RIGHTS:
            fds.frombytes(data[:4])
    if fds or not msg or got in (b"D", b"S"):
        break
if not fds:
    print("no descriptor:", got); sys.exit(0)
try:
    if mode == "read":
        print("READ:", os.read(os.open(rel, os.O_RDONLY, dir_fd=fds[0]), 200).decode())
    else:
        fd = os.open(rel, os.O_WRONLY | os.O_CREAT, 0o755, dir_fd=fds[0])
        os.write(fd, b"#!/bin/sh\n"); print("WROTE")
except OSError as e:
    print("refused:", e.strerror)
'

begin_test "a broker token for \$HOME does not read past the ~/.ssh mask"
mkdir -p "$HOME/.ssh"
echo "$SECRET" >"$HOME/.ssh/id_ed25519"
write_rules <<EOF
rules:
  - path: ~
    allow: [read, write, create]
  - path: ~/.ssh
    deny: [read, write, create, delete, execute]
EOF
fsj -- python3 -c "$TOKEN_CLIENT" "$HOME" .ssh/id_ed25519 read
assert_out_nomatch "$SECRET"
end_test

begin_test "a broker token for the workspace does not write past the .git/hooks mask"
rm -rf "$WS/.git"
mkdir -p "$WS/.git/hooks"
write_rules <<EOF
rules:
  - path: .git/hooks
    deny: [write, create, delete]
EOF
fsj -- python3 -c "$TOKEN_CLIENT" "$WS" .git/hooks/pre-commit write
assert_not_exists "$WS/.git/hooks/pre-commit"
end_test

done_testing
