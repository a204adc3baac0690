#!/bin/bash
# The broker acts with the identity and capabilities of the process that
# sent the request, not of the one that connected (att21;
# src/broker-caller.h). A root command connects; a child keeps the
# descriptor and then changes who it is: another uid (setresuid, as su or
# a setuid helper would leave it), another fsuid only (setfsuid), or
# fewer capabilities (CAP_FOWNER cleared). Its request must be refused or
# done with what the child holds: the file is not made, the foreign file's
# mode is not changed, and each refusal is in the audit log. Root only.
. "$(dirname "$0")/libtest.sh"
. "$TEST_DIR/libbroker.sh"

broker_begin 3
# The command: connect, fork; the child becomes MODE and sends one
# request (touch or chmod PATH), then lives until its reply is read.
cat >"$WS/who.py" <<'PY'
import ctypes, os, sys
import fsjbroker
mode, op, target = sys.argv[1:4]
libc = ctypes.CDLL(None, use_errno=True)
b = fsjbroker.connect()
def become():
    if mode == "uid":
        os.setresuid(65534, 65534, 65534)
    elif mode == "fsuid":
        libc.setfsuid(65534)
    elif mode == "nofowner":
        hdr = (ctypes.c_uint32 * 2)(0x20080522, 0)
        data = (ctypes.c_uint32 * 6)()
        assert libc.syscall(125, hdr, data) == 0  # capget
        data[0] &= ~(1 << 3)  # effective: no CAP_FOWNER
        assert libc.syscall(126, hdr, data) == 0  # capset
fsjbroker.child_sends(b, fsjbroker.request(op, target, **({"mode": 384} if op == "chmod" else {})), become)
PY

if ! is_root; then
	skip_root "the sender changes its uid, fsuid and capabilities"
	skip_root "the sender changes its uid, fsuid and capabilities"
	skip_root "the sender changes its uid, fsuid and capabilities"
	done_testing
	exit 0
fi

begin_test "a child that became another uid after the root command connected cannot have the broker act"
fsj -- python3 "$WS/who.py" uid touch "$WS/uid-made"
assert_not_exists "$WS/uid-made"
audit_says "has uid 65534, not the session's" "the sender's uid"
end_test

begin_test "a child that changed only its fsuid cannot have the broker act as root"
fsj -- python3 "$WS/who.py" fsuid touch "$WS/fsuid-made"
assert_not_exists "$WS/fsuid-made"
audit_says "acts as fsuid 65534" "the sender's fsuid"
end_test

begin_test "a child without CAP_FOWNER cannot have the broker chmod another user's file"
echo theirs >"$WS/theirs"
chmod 644 "$WS/theirs"
chown 65534:65534 "$WS/theirs"
fsj -- python3 "$WS/who.py" nofowner chmod "$WS/theirs"
diag "reply: $(cat "$OUT")"
[ "$(stat -c %a "$WS/theirs")" = 644 ] ||
	fail "the mode of $WS/theirs is $(stat -c %a "$WS/theirs"), not 644"
end_test

done_testing
