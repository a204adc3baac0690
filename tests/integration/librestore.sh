# shellcheck shell=bash
# librestore.sh - helpers of the restore tests that rename and exchange
# in the run (t0407-t0409): renameat2(2) from Python, one folder per
# case, a mode checked after `fsjail backups restore`. Sourced after
# libtest.sh (it uses WS, OUT, ERR, fail and bail_out); user_pass copies
# it with the test.

# RENAMEAT2: a Python program for renameat2(2), which mv cannot do:
# python3 -c "$RENAMEAT2" FROM TO FLAGS (1 RENAME_NOREPLACE, 2
# RENAME_EXCHANGE) fails with the error; with a fourth argument "try" it
# prints "-1 ERROR" instead and succeeds (t0407-t0409).
RENAMEAT2='import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
r = libc.renameat2(-100, sys.argv[1].encode(), -100, sys.argv[2].encode(), int(sys.argv[3]))
if r and sys.argv[4:] == ["try"]:
    print(r, os.strerror(ctypes.get_errno()))
elif r:
    sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))'

# case_dir NAME: make $WS/NAME, one test's folder, and go there.
case_dir() { mkdir "$WS/$1" && cd "$WS/$1" || bail_out "no case folder $1"; }

# mode_back PATH MODE: PATH is back after the restore, with MODE (octal).
mode_back()
{
	[ -e "$1" ] || { fail "$1 is not back after the restore: $(cat "$OUT" "$ERR")"; return; }
	[ "$(stat -c %a "$1")" = "$2" ] ||
		fail "$1: mode $(stat -c %a "$1") after the restore, not $2: $(cat "$OUT" "$ERR")"
}
