# shellcheck shell=bash
# libident.sh - the identity tests' harness (t0248, t0388, t0396, t0397):
# a caller that changes its filesystem uid, its capabilities or its user
# namespace between two trapped calls. Source it after libtest.sh.
#
# ident_py FILE: write FILE for the command to exec(): python's ctypes
# libc, with fsuid(U) (setfsuid(U); returns the filesystem uid now),
# caps_drop(BIT, perm) (capability BIT out of this thread's effective set,
# and its permitted set too with perm, by capget and capset),
# drop_dac_override() (caps_drop(1): CAP_DAC_OVERRIDE), new_userns()
# (unshare(CLONE_NEWUSER)), res(P, FLAGS) ("done" or the errno name of
# os.open), try_(WHAT, P, FLAGS) (prints WHAT and res) and openat2(P,
# FLAGS) (res of openat2(2)). A test may append its own definitions.
ident_py()
{
	# the calls, as python's ctypes makes them (x86-64 and others: by name)
	cat >"$1" <<'PY'
import ctypes, errno, os, sys, threading
libc = ctypes.CDLL(None, use_errno=True)

def fsuid(u):
    libc.setfsuid(u)
    return libc.setfsuid(-1)

def caps_drop(bit, perm=False):
    class Hdr(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]
    class Data(ctypes.Structure):
        _fields_ = [("eff", ctypes.c_uint32), ("perm", ctypes.c_uint32), ("inh", ctypes.c_uint32)]
    h, d = Hdr(0x20080522, 0), (Data * 2)()
    assert libc.capget(ctypes.byref(h), d) == 0
    d[0].eff &= ~(1 << bit)  # this thread only
    if perm:
        d[0].perm &= ~(1 << bit)
    assert libc.capset(ctypes.byref(h), d) == 0

def drop_dac_override():
    caps_drop(1)

def new_userns():
    assert libc.unshare(0x10000000) == 0, ctypes.get_errno()

def res(p, flags):
    try:
        os.close(os.open(p, flags))
        return "done"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))

def try_(what, p, flags):
    print(what, res(p, flags))
    sys.stdout.flush()

def openat2(p, flags):
    how = (ctypes.c_uint64 * 3)(flags, 0, 0)
    fd = libc.syscall(437, -100, p.encode(), ctypes.byref(how), 24)
    if fd < 0:
        return errno.errorcode.get(ctypes.get_errno(), "?")
    os.close(fd)
    return "done"
PY
}

# ident_calls: rules that grant $WS read, write, create and delete, and
# $WS/calls.py (ident_py). Call it after setup.
ident_calls()
{
	write_rules <<RULES
rules:
  - path: $WS
    allow: [read, write, create, delete]
RULES
	ident_py "$WS/calls.py"
}
