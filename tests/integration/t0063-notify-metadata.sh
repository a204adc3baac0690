#!/bin/bash
# Mode, owner, times and xattrs are `write` (DESIGN.md section 2), which
# Landlock does not govern: the listener performs chmod, chown, utime(s),
# utimensat, (f|l)setxattr and (f|l)removexattr itself after a check of
# `write` on the resolved path (src/notify-meta.c). A file under $HOME
# (nothing granted) and one in a folder granted read only keep their
# metadata after the path and descriptor calls; in the workspace the same
# calls, cp -p, tar x, touch and chmod +x work. Runs as root or as an
# ordinary user (chown only as root).
. "$(dirname "$0")/libtest.sh"

plan 6
setup
require_landlock

mkdir -p "$HOME/out" "$HOME/ro"
echo secret >"$HOME/out/f"
echo readable >"$HOME/ro/g"
chmod 644 "$HOME/out/f" "$HOME/ro/g"
touch -d 2010-05-05 "$HOME/out/f" "$HOME/ro/g"
write_rules <<EOF2
rules:
  - path: $HOME/ro
    allow: [read]
EOF2

# user.* xattrs need a filesystem that keeps them (not every tmpfs).
XATTR=0
if python3 -c 'import os,sys; os.setxattr(sys.argv[1], "user.k", b"v")' "$HOME/out/f" 2>/dev/null &&
	python3 -c 'import os,sys; os.setxattr(sys.argv[1], "user.k", b"v")' "$HOME/ro/g" 2>/dev/null; then
	XATTR=1
else
	diag "SKIP (loud): no user.* xattrs on $(df -T "$T" | tail -1); xattr checks are left out"
fi

# meta FILE: mode, owner, mtime and the user.k xattr of FILE.
meta()
{
	python3 - "$1" <<'EOF2'
import os, sys
st = os.stat(sys.argv[1], follow_symlinks=False)
try:
    x = os.getxattr(sys.argv[1], "user.k")
except OSError:
    x = None
print(oct(st.st_mode), st.st_uid, st.st_gid, int(st.st_mtime), x)
EOF2
}

# The calls a command may try on $1 (by path); each success is printed.
PY_PATH='
import os, sys
f = sys.argv[1]; xattr = sys.argv[2] == "1"; root = os.getuid() == 0
tries = [("chmod", lambda: os.chmod(f, 0o700)),
	("utime", lambda: os.utime(f, (0, 0))),
	("utime-now", lambda: os.utime(f)),
	("lchmod-nofollow", lambda: os.chmod(f, 0o600, follow_symlinks=False))]
if root:
	tries += [("chown", lambda: os.chown(f, 0, 0)),
		("lchown", lambda: os.lchown(f, 0, 0))]
if xattr:
	tries += [("setxattr", lambda: os.setxattr(f, "user.k", b"evil")),
		("lsetxattr", lambda: os.setxattr(f, "user.new", b"x", follow_symlinks=False)),
		("removexattr", lambda: os.removexattr(f, "user.k"))]
for name, fn in tries:
	try:
		fn(); print("DID", name)
	except Exception as e:
		print("refused", name, getattr(e, "errno", e))
'
# The same on a descriptor opened for reading (fchmod, futimens,
# fchown, fsetxattr, fremovexattr).
PY_FD='
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY); xattr = sys.argv[2] == "1"; root = os.getuid() == 0
tries = [("fchmod", lambda: os.fchmod(fd, 0o700)),
	("futimens", lambda: os.utime(fd, (0, 0))),
	("futimens-now", lambda: os.utime(fd))]
if root:
	tries += [("fchown", lambda: os.fchown(fd, 0, 0))]
if xattr:
	tries += [("fsetxattr", lambda: os.setxattr(fd, "user.k", b"evil")),
		("fremovexattr", lambda: os.removexattr(fd, "user.k"))]
for name, fn in tries:
	try:
		fn(); print("DID", name)
	except Exception as e:
		print("refused", name, getattr(e, "errno", e))
'

begin_test "a file outside the grants keeps mode, owner, times, xattrs (path calls, chmod, touch -d)"
before=$(meta "$HOME/out/f")
fsj_sh -- 'chmod 666 "$1"; touch -d 2001-01-01 "$1"; touch "$1"; python3 -c "$2" "$1" "$3"' \
	"$HOME/out/f" "$PY_PATH" "$XATTR"
grep -q '^DID' "$OUT" && fail "calls succeeded: $(grep '^DID' "$OUT" | tr '\n' ' ')"
[ "$(meta "$HOME/out/f")" = "$before" ] || fail "metadata changed: '$before' -> '$(meta "$HOME/out/f")'"
grep -q '^refused chmod' "$OUT" || fail "python did not run: $(cat "$OUT" "$ERR")"
end_test

begin_test "a symlink in the workspace to a file outside does not carry the change"
ln -s "$HOME/out/f" "$WS/lnk"
before=$(meta "$HOME/out/f")
fsj_sh -- 'chmod 666 lnk; touch -d 2001-01-01 lnk; python3 -c "$1" lnk "$2"' "$PY_PATH" "$XATTR"
[ "$(meta "$HOME/out/f")" = "$before" ] || fail "metadata changed: '$before' -> '$(meta "$HOME/out/f")'"
rm -f "$WS/lnk"
end_test

begin_test "a file granted read only keeps its metadata (descriptor calls)"
before=$(meta "$HOME/ro/g")
fsj_sh -- 'cat "$1" >/dev/null && python3 -c "$2" "$1" "$3"' "$HOME/ro/g" "$PY_FD" "$XATTR"
assert_rc 0
grep -q '^DID' "$OUT" && fail "calls succeeded: $(grep '^DID' "$OUT" | tr '\n' ' ')"
grep -q '^refused fchmod' "$OUT" || fail "python did not run: $(cat "$OUT" "$ERR")"
[ "$(meta "$HOME/ro/g")" = "$before" ] || fail "metadata changed: '$before' -> '$(meta "$HOME/ro/g")'"
end_test

begin_test "in the workspace the same calls work"
echo w >"$WS/w"
[ "$XATTR" = 1 ] && python3 -c 'import os,sys; os.setxattr(sys.argv[1], "user.k", b"v")' "$WS/w"
fsj_sh -- 'python3 -c "$1" w "$3" && python3 -c "$2" w "$3" && chmod 640 w && touch -d 2002-02-02 w' \
	"$PY_PATH" "$PY_FD" "$XATTR"
assert_rc 0
grep -q '^refused' "$OUT" && fail "calls refused: $(grep '^refused' "$OUT" | tr '\n' ' ')"
[ "$(stat -c '%a %Y' "$WS/w")" = "640 $(date -d 2002-02-02 +%s)" ] || fail "chmod/touch -d did not apply: $(stat -c '%a %Y' "$WS/w")"
end_test

begin_test "cp -p, tar x, touch, chmod +x of a new script in the workspace"
mkdir -p "$T/src/d"
echo data >"$T/src/d/a"
chmod 600 "$T/src/d/a"
touch -d 2003-03-03 "$T/src/d/a"
tar -C "$T/src" -cf "$WS/t.tar" d
cp -p "$T/src/d/a" "$WS/a0"
fsj_sh -- 'cp -p a0 a1 && mkdir x && tar -C x -xf t.tar && touch a1 new &&
	printf "#!/bin/sh\necho hi\n" >s.sh && chmod +x s.sh && ./s.sh'
assert_rc 0
assert_out_match '^hi$'
[ "$(stat -c '%a' "$WS/a1")" = 600 ] || fail "cp -p lost the mode"
[ "$(stat -c '%a %Y' "$WS/x/d/a")" = "600 $(date -d 2003-03-03 +%s)" ] || fail "tar x lost mode or time: $(stat -c '%a %Y' "$WS/x/d/a")"
end_test

begin_test "create only: what the command makes gets its mode and times, what was there keeps them"
mkdir -p "$HOME/drop"
echo old >"$HOME/drop/old"
touch -d 2010-05-05 "$HOME/drop/old"
before=$(meta "$HOME/drop/old")
write_rules <<EOF2
rules:
  - path: $HOME/drop
    allow: [read, create]
EOF2
fsj_sh -- 'cd "$1" && cp -p "$2" a1 && tar -xf "$3" && touch new && chmod 700 new && chmod 777 old; touch -d 2001-01-01 old; echo done' \
	"$HOME/drop" "$WS/a0" "$WS/t.tar"
assert_out_match '^done$'
[ "$(stat -c '%a' "$HOME/drop/a1" 2>&1)" = 600 ] || fail "cp -p lost the mode"
[ "$(stat -c '%a %Y' "$HOME/drop/d/a" 2>&1)" = "600 $(date -d 2003-03-03 +%s)" ] || fail "tar x lost mode or time"
[ "$(stat -c '%a' "$HOME/drop/new" 2>&1)" = 700 ] || fail "chmod of a new file failed"
[ "$(meta "$HOME/drop/old")" = "$before" ] || fail "metadata of a file that was there changed"
end_test

done_testing
