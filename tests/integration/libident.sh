# shellcheck shell=bash
# libident.sh - the identity tests' harness (t0248, t0388): a caller that
# changes its filesystem uid or its capabilities between two trapped
# calls. Source it after libtest.sh.
#
# ident_calls: rules that grant $WS read, write, create and delete, and
# $WS/calls.py for the command to exec(): python's ctypes libc, with
# fsuid(U) (setfsuid(U); returns the filesystem uid now) and
# drop_dac_override() (CAP_DAC_OVERRIDE out of this thread's effective
# set, by capget and capset). The test appends its own try_() to calls.py.
# Call it after setup.
ident_calls()
{
	write_rules <<RULES
rules:
  - path: $WS
    allow: [read, write, create, delete]
RULES
	# the calls, as python's ctypes makes them (x86-64 and others: by name)
	cat >"$WS/calls.py" <<'PY'
import ctypes, errno, os, sys, threading
libc = ctypes.CDLL(None, use_errno=True)

def fsuid(u):
    libc.setfsuid(u)
    return libc.setfsuid(-1)

def drop_dac_override():
    class Hdr(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]
    class Data(ctypes.Structure):
        _fields_ = [("eff", ctypes.c_uint32), ("perm", ctypes.c_uint32), ("inh", ctypes.c_uint32)]
    h, d = Hdr(0x20080522, 0), (Data * 2)()
    assert libc.capget(ctypes.byref(h), d) == 0
    d[0].eff &= ~(1 << 1)  # CAP_DAC_OVERRIDE, this thread only
    assert libc.capset(ctypes.byref(h), d) == 0
PY
}
