#!/bin/bash
# No file the command makes or changes gets a set-user-ID or set-group-ID
# bit (src/notify-meta.c setid_refused(), src/notify-ops.c
# NOTIFY_SETID_BITS): a root command would otherwise leave in the
# workspace a program any local user can run as root after the run. A
# chmod that sets one is refused and reported; a creating open, mknod or
# a set-ID mode given at creation loses the bits; a folder keeps its
# set-group-ID.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

# mode_of PATH: its permission bits in octal (4 digits)
mode_of()
{
	stat -c %04a "$1"
}

begin_test "chmod u+s, g+s and 4755 of a workspace file are refused (EPERM), reported, and the mode stays"
cp /bin/true "$WS/tool"
chmod 755 "$WS/tool"
fsj -- sh -c 'cd "$1" && { chmod u+s tool; echo "u+s=$?"; chmod g+s tool; echo "g+s=$?"; chmod 4755 tool; echo "4755=$?"; }' sh "$WS"
assert_out_match '^u\+s=1$'
assert_out_match '^g\+s=1$'
assert_out_match '^4755=1$'
[ "$(mode_of "$WS/tool")" = 0755 ] || fail "tool is now $(mode_of "$WS/tool")"
assert_err_match "set-user-ID or set-group-ID"
end_test

begin_test "a set-ID mode at creation is dropped: open(O_CREAT, 04755), install -m 4755, mknod of a regular file"
if ! command -v python3 >/dev/null; then
	skip "no python3"
else
	fsj -- python3 -c '
import os, sys
os.chdir(sys.argv[1])
fd = os.open("made", os.O_CREAT | os.O_WRONLY, 0o6755); os.close(fd)
os.mknod("node", 0o104755)
' "$WS"
	assert_rc 0
	for f in made node; do
		m=$(mode_of "$WS/$f")
		[ $((0$m & 06000)) = 0 ] || fail "$f was made with mode $m"
	done
	fsj -- install -m 4755 /bin/true "$WS/inst"
	if [ -e "$WS/inst" ]; then
		m=$(mode_of "$WS/inst")
		[ $((0$m & 06000)) = 0 ] || fail "install left mode $m"
	fi
	end_test
fi

begin_test "a folder keeps its set-group-ID (mkdir -m 2775, chmod g+s)"
fsj -- sh -c 'cd "$1" && mkdir -m 2775 shared && mkdir d2 && chmod g+s d2' sh "$WS"
assert_rc 0
[ $((0$(mode_of "$WS/shared") & 02000)) != 0 ] || fail "shared lost its set-group-ID: $(mode_of "$WS/shared")"
[ $((0$(mode_of "$WS/d2") & 02000)) != 0 ] || fail "d2 has no set-group-ID: $(mode_of "$WS/d2")"
end_test

done_testing
