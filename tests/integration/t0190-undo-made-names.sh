#!/bin/bash
# Restore removes every name the run made, and only those (issue 14 item
# 3; t0122 test 5): a new name for a pre-existing file (link(), linkat()
# with AT_EMPTY_PATH, linkat() through /proc/self/fd), a made name renamed
# over nothing, a FIFO, a symlink, a file from mknod(), a bound Unix
# socket, names the broker made. Each case: five files, a session, one
# `backups restore`, and the workspace must match its manifest taken
# before (type, mode, content, symlink target), and the trash holds one entry
# per made name. A pre-existing file reached through a new name keeps its backup:
# written through the link (protect.hard_links: false) it comes back byte
# for byte; with the default the write is refused and it is intact.
# Run as root, and (when root) again as the ordinary user FSJAIL_TEST_USER
# (default cloudsdk): there linkat(AT_EMPTY_PATH) needs a capability the
# user lacks, and the broker case (its client is in the build tree) is
# left to the root run.
. "$(dirname "$0")/libtest.sh"
SELF_DIR=$TEST_DIR
SELF=$(basename "$0")

USER_PASS=${FSJ_MADE_USER_PASS:-0}
TEST_USER=${FSJAIL_TEST_USER:-cloudsdk}
if [ "$USER_PASS" = 1 ]; then plan 10; else plan 12; fi
setup
require_landlock

BC_SRC=${TEST_BUILDDIR:-$TEST_DIR/..}/helpers/broker-client

manifest()
{
	(cd "$1" && find . -mindepth 1 -path ./bc -prune -o -printf '%y %m %p %l\n' &&
		find . -path ./bc -prune -o -type f -print0 | xargs -0r sha256sum) | LC_ALL=C sort
}

# made SCRIPT [+N] NAME...: a fresh d/f1..f5, SCRIPT run in d, a full
# restore; the workspace must be as before and the trash must hold one
# entry per NAME (made by SCRIPT) and N more (files SCRIPT removed).
made()
{
	local script=$1 n extra=0
	shift
	case $1 in +*) extra=${1#+} && shift ;; esac
	rm -rf "$WS/d" "$HOME/.local/share/Trash"
	mkdir -p "$WS/d"
	for n in 1 2 3 4 5; do echo "orig $n" >"$WS/d/f$n"; done
	manifest "$WS" >"$T/before"
	fsj_sh -- "cd d && $script"
	[ "$RC" = 0 ] || fail "the session failed: exit $RC: $(head -c 300 "$ERR")"
	for n; do
		[ -e "$WS/d/$n" ] || [ -L "$WS/d/$n" ] || fail "the session did not make $n"
	done
	run_cmd "$FSJAIL" backups restore --workspace "$WS"
	[ "$RC" = 0 ] || fail "backups restore: exit $RC: $(head -c 300 "$ERR")"
	manifest "$WS" >"$T/now"
	cmp -s "$T/before" "$T/now" ||
		fail "'$script': the workspace differs after the restore: $(diff "$T/before" "$T/now" | grep '^[<>]' | head -4 | tr '\n' ' ')"
	# one trash entry per made name (a renamed one is trashed under the
	# name it was made by, where restore moved it back)
	n=$(find "$HOME/.local/share/Trash/files" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
	[ "$n" = $(($# + extra)) ] || fail "$n entries in the trash, not $(($# + extra)) ($* and $extra the run removed)"
}

begin_test "ln f4 l4: restore moves l4 to the trash, f4 keeps its one name and content"
made 'ln f4 l4' l4
end_test

begin_test "linkat(fd, \"\", AT_EMPTY_PATH) and linkat through /proc/self/fd: both new names trashed"
if [ "$USER_PASS" = 1 ]; then
	made 'python3 -c "
import os
fd3 = os.open(\"f3\", os.O_RDONLY)
os.link(\"/proc/self/fd/%d\" % fd3, \"p3\", follow_symlinks=True)
"' p3
else
	made 'python3 -c "
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
fd = os.open(\"f4\", os.O_RDONLY)
if libc.linkat(fd, b\"\", -100, b\"e4\", 0x1000) != 0:
    raise OSError(ctypes.get_errno(), \"linkat AT_EMPTY_PATH\")
fd3 = os.open(\"f3\", os.O_RDONLY)
os.link(\"/proc/self/fd/%d\" % fd3, \"p3\", follow_symlinks=True)
"' e4 p3
fi
end_test

begin_test "a made name renamed over nothing, a link renamed over nothing: both trashed"
made 'echo new >n1 && mv n1 m1 && ln f2 l2 && mv l2 m2' m1 m2
end_test

begin_test "mkfifo, symlink, mknod of a regular file: each trashed"
made 'mkfifo p && ln -s f1 s && python3 -c "import os, stat; os.mknod(\"r\", 0o644 | stat.S_IFREG)"' p s r
end_test

begin_test "bind() of a Unix socket name: trashed"
made 'python3 -c "
import socket
s = socket.socket(socket.AF_UNIX)
s.bind(\"sock\")
"' sock
end_test

begin_test "a name made, removed, then given to a pre-existing file (ln): trashed, the file intact"
made 'echo new >l4 && rm l4 && ln f4 l4' l4
end_test

begin_test "ln f4 l4, then f4 removed, l4 renamed over f5: f4 and f5 back, l4 trashed"
made 'ln f4 l4 && rm f4 && mv l4 f5' +1 f5
end_test

if [ "$USER_PASS" = 0 ]; then
begin_test "names the broker made (link, touch, copy): restore trashes them"
if [ -x "$BC_SRC" ]; then
	cp "$BC_SRC" "$WS/bc"
	cat >"$WS/op.sh" <<'EOF'
op()
{
	local o=$1 kv k v s
	shift
	s="{\"id\":\"t1\",\"command\":\"HostFileOperation\",\"operation\":\"$o\""
	s="$s,\"sessionId\":\"$FSJAIL_SESSION_ID\",\"callId\":\"$FSJAIL_CALL_ID\""
	for kv; do
		k=${kv%%=*}
		v=${kv#*=}
		s="$s,\"$k\":\"$v\""
	done
	printf '%s}\n' "$s"
}
EOF
	made '. ../op.sh; ../bc "$(op link from="$PWD/f4" to="$PWD/bl")" "$(op touch path="$PWD/bt")" "$(op copy from="$PWD/f1" to="$PWD/bcp")" >reply; grep -q "\"ok\":false" reply && { cat reply >&2; exit 1; }; exit 0' bl bt bcp reply
	rm -f "$WS/bc" "$WS/op.sh"
else
	fail "no broker-client at '$BC_SRC' (make check builds it)"
fi
end_test
fi

begin_test "a write through a new name of a pre-existing file (protect.hard_links: false): f4 restored byte for byte"
printf 'protect:\n  hard_links: false\n' >"$CONFIG"
made 'ln f4 l4 && echo changed >l4 && [ "$(cat f4)" = changed ]' l4
rm -f "$CONFIG"
end_test

begin_test "a write through a new name (default): refused, f4 intact"
rm -rf "$WS/d" && mkdir -p "$WS/d" && echo "orig 4" >"$WS/d/f4"
fsj_sh -- 'cd d && ln f4 l4 && echo changed >l4'
[ "$RC" != 0 ] || fail "the write through l4 was not refused"
assert_content "$WS/d/f4" "orig 4"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ ! -e "$WS/d/l4" ] || fail "l4 was left behind"
assert_content "$WS/d/f4" "orig 4"
end_test

begin_test "a second restore does nothing"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
assert_out_match "^nothing to restore"
end_test

[ "$USER_PASS" = 1 ] || user_pass "$SELF_DIR" "$SELF" FSJ_MADE_USER_PASS "$TEST_USER"
done_testing
