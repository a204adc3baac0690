#!/bin/bash
# A `deny: [connect]` on a socket inside a folder granted connect must not
# be bypassed by giving the socket a second name (att35). A hard link of a
# socket is allowed by Linux (link(2) needs only the folders' rights), and
# connect is decided by the path the command names: `ln den.sock hl` then
# connect("hl") reached the denied server, through the seccomp listener's
# link and through the broker's "link" host operation alike. The rule that
# a new name grants no more than the old one (Landlock's REFER rule,
# notify-refer.c and broker-opneeds.c, and check's effects-decide-link.c)
# now counts connect for a socket.
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJAIL_T0600_USER 4
setup
require_landlock
. "$TEST_SRCDIR/integration/libbroker.sh"
broker_py

SOCKS=$WS/socks
mkdir -p "$SOCKS"
python3 "$TEST_SRCDIR/helpers/unix-listen.py" "$SOCKS/den.sock" stream "$T/den.log" &
SRV=$!
trap 'kill $SRV 2>/dev/null; wait 2>/dev/null; cleanup' EXIT
for _ in $(seq 100); do [ -s "$T/den.log.ready" ] && break; sleep 0.05; done
[ -s "$T/den.log.ready" ] || bail_out "the listener did not start"
write_rules <<EOF2
rules:
  - id: socks
    path: socks
    allow: [connect]
  - id: no-den
    path: socks/den.sock
    recursive: false
    deny: [connect]
EOF2
cat >"$WS/hl.py" <<'PY'
import os, socket, sys, fsjbroker
def conn(name):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(name)
        print("%s=connected" % name)
    except OSError as e:
        print("%s=%s" % (name, e.strerror))
os.mkdir("socks/made")
for dst in ("socks/hl", "socks/made/hl", "hl"):
    try:
        os.link("socks/den.sock", dst)
    except OSError as e:
        print("link %s: %s" % (dst, e.strerror))
    conn(dst)
b = fsjbroker.connect()
r = fsjbroker.request("link", None, **{"from": os.path.abspath("socks/den.sock"),
                                       "to": os.path.abspath("socks/bl")})
b.sendall(r.replace(b'"path": null, ', b''))
print("broker=%s" % b.recv(4096).decode().strip())
conn("socks/bl")
print("end")
PY
conns() { grep -c '^conn' "$T/den.log"; }

begin_test "a hard link of a connect-denied socket is refused, and its server sees nothing"
fsj -- python3 hl.py
assert_out_match '^end$'
assert_out_match '^link socks/hl: Invalid cross-device link$'
assert_out_match '^link socks/made/hl: Invalid cross-device link$'
assert_out_nomatch '=connected$'
assert_out_match '"ok": *false'
sleep 0.2
[ "$(conns)" = 0 ] || fail "the denied server saw $(conns) connections"
for n in socks/hl socks/made/hl socks/bl; do assert_not_exists "$WS/$n"; done
end_test

begin_test "the refusal names the connect the new name would grant"
assert_err_match "connect $SOCKS/den.sock: .*would grant connect"
end_test

begin_test "a socket the command binds itself can still be linked and reached"
fsj -- python3 -c '
import os, socket
l = socket.socket(socket.AF_UNIX); l.bind("socks/own.sock"); l.listen(1)
os.link("socks/own.sock", "socks/own2.sock")
socket.socket(socket.AF_UNIX).connect("socks/own2.sock")
print("own=ok")'
assert_out_match '^own=ok$'
end_test

begin_test "check predicts the refusal of the link, and allows a plain file's"
run_cmd "$FSJAIL" check --workspace "$WS" -- 'ln socks/den.sock socks/hl'
assert_rc 4
assert_out_match "^refused +create +$SOCKS/hl .*would grant connect"
echo x >"$WS/plain"
run_cmd "$FSJAIL" check --workspace "$WS" -- 'ln plain socks/plain2'
assert_rc 0
end_test

end_user_pass
done_testing
