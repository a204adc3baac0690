#!/bin/bash
# The interception hook performs every trapped call itself (src/notify.h):
# each attack of fsjail issue 14 tries to destroy a pre-existing workspace
# file's content without a backup. After each, the old content must be
# intact, or in the run's cycle (or the trash): never lost.
. "$(dirname "$0")/libtest.sh"

plan 11
setup
require_landlock

: "${TEST_BUILDDIR:=$TEST_SRCDIR}"
write_rules <<EOF2
rules:
  - path: .
    allow: [read, write, create, delete, execute]
EOF2
cp "$TEST_BUILDDIR/helpers/notify-attack" "$WS/attack" || bail_out "no notify-attack helper"

# victim NAME: a pre-existing file with unique content; prints the content.
victim()
{
	printf 'precious %s %s\n' "$1" "$RANDOM$RANDOM" >"$WS/$1"
	cat "$WS/$1"
}

# recoverable CONTENT: CONTENT is in a file of the workspace, of the
# backup store or of the trash.
recoverable()
{
	grep -rqxF -- "$1" "$WS" "$STATE_DIR" "$HOME/.local/share/Trash" 2>/dev/null
}

# attack N TITLE SCRIPT NAME...: run SCRIPT in the workspace; each NAME's
# old content must still be recoverable.
attack()
{
	local n=$1 title=$2 script=$3 name c
	shift 3
	begin_test "$title: the old content is intact or saved"
	declare -A old=()
	for name in "$@"; do
		old[$name]=$(victim "$name")
	done
	fsj_sh --session "s$n" -- "cd '$WS' && $script"
	for name in "$@"; do
		c=${old[$name]}
		recoverable "$c" || fail "$name lost its content ('$script')"
	done
	end_test
}

attack 1 "write through /proc/self/cwd" 'echo pwned > /proc/self/cwd/f1' f1
attack 2 "truncate through /proc/self/cwd" 'truncate -s0 /proc/self/cwd/f2' f2
attack 3 "write through /dev/fd/N" 'exec 3<f3; echo pwned > /dev/fd/3' f3
attack 4 "rm through /proc/self/cwd" 'rm -f /proc/self/cwd/f4' f4
attack 5 "openat2 with every resolve flag and a larger open_how" './attack openat2 f5' f5
attack 6 "chroot after unshare(CLONE_NEWUSER)" \
	'./attack chroot "$PWD" f6' f6
attack 7 "RENAME_EXCHANGE then write" \
	'echo junk > n7 && ./attack exchange f7 n7 && echo pwned > n7 && echo pwned > f7' f7
attack 8 "link then write through the new name" 'ln f8 l8; echo pwned > l8; : > l8' f8
attack 9 "rename over" 'echo new > n9 && mv -f n9 f9' f9
attack 10 "rename onto a new file's name then write" \
	'echo junk > n10 && mv -f f10 n10 && echo pwned > n10' f10

begin_test "a write to a file with two names is refused (hard link)"
echo "two names" >"$WS/hl"
ln "$WS/hl" "$WS/hl2"
fsj_sh -- "cd '$WS' && echo pwned > hl"
assert_failed
assert_err_match 'Permission denied'
assert_content "$WS/hl" "two names"
end_test

done_testing
