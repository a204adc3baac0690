#!/bin/bash
# The kernel keyring is out of the command's reach (peer26). Keys are
# named by numbers, not paths, and the keyring has no namespace: every
# process of the uid reaches the user keyring (@u) and reads each key's
# payload by its id (KEYCTL_READ), whatever Landlock, the mount masks and
# the pid namespace say. That is where Kerberos keeps tickets on Fedora
# and RHEL (default_ccache_name KEYRING:persistent:%{uid}), and where
# ecryptfs, cifs and keyutils users keep secrets. The same hole was
# reported against flatpak (flatpak/flatpak PR 299, "flatpak should close
# up access to kernel keyring": a sandboxed app read the user's Kerberos
# credentials) and Docker (moby/moby issue 10939; its default seccomp
# profile refuses add_key, keyctl and request_key). Before the fix a
# command in `fsjail run` read a key the test put in @u and added one of
# its own to @u, which stayed there after the run.
# Asserts: the payload is not printed, nothing is added to @u, and each
# refusal is said (summary and --report: keyctl refused in every run).
. "$(dirname "$0")/libtest.sh"

plan_user_pass FSJ_T0560_USER 3
setup
require_landlock
command -v python3 >/dev/null || bail_out "python3 is needed for the keyring calls"
[ "${FSJAIL_NO_NOTIFY:-0}" = 1 ] && skip_rest_kernel "no listener (FSJAIL_NO_NOTIFY=1)"

# keyring.py OP ARG...: the keyring calls by number (add_key, request_key,
# keyctl; x86_64 and aarch64), each printing NAME RESULT-or-errno.
cat >"$T/keyring.py" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
NR = {"x86_64": (248, 249, 250), "aarch64": (217, 218, 219)}[os.uname().machine]
USER = -4  # KEY_SPEC_USER_KEYRING

def res(name, r):
    print(name, r if r >= 0 else "errno=%d" % ctypes.get_errno())
    return r

op = sys.argv[1]
if op == "add":  # add DESC PAYLOAD: into @u, prints the id
    p = sys.argv[3].encode()
    res("add_key", libc.syscall(NR[0], b"user", sys.argv[2].encode(), p, len(p), USER))
elif op == "find":  # find DESC: KEYCTL_SEARCH of @u
    res("search", libc.syscall(NR[2], 10, USER, b"user", sys.argv[2].encode(), 0))
elif op == "drop":  # drop ID...: KEYCTL_UNLINK from @u
    for k in sys.argv[2:]:
        libc.syscall(NR[2], 9, int(k), USER)
elif op == "attack":  # attack ID DESC: read, search, plant, request
    buf = ctypes.create_string_buffer(256)
    n = res("read", libc.syscall(NR[2], 11, int(sys.argv[2]), buf, 256))
    if n > 0:
        print("payload", buf.raw[:n].decode())
    k = res("search", libc.syscall(NR[2], 10, USER, b"user", sys.argv[3].encode(), 0))
    if k >= 0 and libc.syscall(NR[2], 11, k, buf, 256) > 0:
        print("payload", buf.value.decode())
    res("add_key", libc.syscall(NR[0], b"user", (sys.argv[3] + "-planted").encode(),
                                b"PLANTED", 7, USER))
    res("request_key", libc.syscall(NR[1], b"user", sys.argv[3].encode(), None, 0))
PY
case $(uname -m) in
x86_64 | aarch64) ;;
*) skip_rest_kernel "the keyring calls' numbers are known here for x86_64 and aarch64 only" ;;
esac

DESC=fsjail-t0560-$$
SECRET=KRB5-TICKET-9f3e
python3 "$T/keyring.py" add "$DESC" "$SECRET" >"$T/add" 2>&1
KEY=$(sed -n 's/^add_key \([0-9][0-9]*\)$/\1/p' "$T/add")
[ -n "$KEY" ] || skip_rest_kernel "no key can be added to the user keyring here: $(cat "$T/add")"
trap 'python3 "$T/keyring.py" drop "$KEY" $(python3 "$T/keyring.py" find "$DESC-planted" |
	sed -n "s/^search \([0-9][0-9]*\)$/\1/p"); cleanup' EXIT
cp "$T/keyring.py" "$WS/keyring.py"

begin_test "a key of the user keyring is not read from the run, by id nor by search"
fsj --report "$T/report" -- python3 keyring.py attack "$KEY" "$DESC"
assert_rc 0
assert_out_nomatch "$SECRET"
assert_out_match '^read errno=1$'
assert_out_match '^search errno=1$'
end_test

begin_test "the run adds no key to the user keyring, and request_key is refused"
assert_out_match '^add_key errno=1$'
assert_out_match '^request_key errno=1$'
python3 "$T/keyring.py" find "$DESC-planted" >"$T/find"
grep -q '^search errno=' "$T/find" || fail "a key planted by the run is in @u: $(cat "$T/find")"
end_test

begin_test "each call is said: the summary and --report name keyctl, add_key, request_key"
assert_err_match "keyctl refused in every run \\(the kernel keyring"
assert_err_match "add_key refused in every run"
for c in keyctl add_key request_key; do
	grep -q "\"syscall\":\"$c\".*\"errno\":\"EPERM\"" "$T/report" ||
		grep -q "\"syscall\": *\"$c\"" "$T/report" || fail "no --report line for $c: $(cat "$T/report")"
done
end_test

end_user_pass
done_testing
