#!/bin/bash
# Execute means execute (issue 13 item 6; DESIGN.md section 7). Landlock's
# EXECUTE governs execve(2) only: `ld.so FILE` maps FILE with
# mmap(PROT_EXEC) and runs it. fsjail lays a noexec layer in the command's
# mount namespace over everything but the folders and files granted
# execute, so at tiers process, guarded and full a file in a folder without
# execute can neither be run by the loader nor mapped executable by
# python's mmap; a nested execute grant inside such a folder still runs,
# and so do the workspace and system binaries. Tier writes leaves execute
# open, mappings too.
. "$(dirname "$0")/libtest.sh"

plan 11
setup
require_landlock

LDSO=
for f in /lib64/ld-linux-x86-64.so.2 /lib/ld-linux-aarch64.so.1 /lib/ld-linux.so.2; do
	[ -x "$f" ] && LDSO=$f && break
done
[ -n "$LDSO" ] || skip_rest_kernel "no dynamic loader found to try the loader trick with"

# Copies of touch: running one leaves a marker file, so the test sees
# whether the binary really ran, not only an exit status.
mkdir -p "$HOME/bin/sub" "$WS/tools"
cp /usr/bin/touch "$HOME/bin/mytouch"
cp /usr/bin/touch "$HOME/bin/sub/mytouch"
cp /usr/bin/touch "$WS/tools/mytouch"
chmod 755 "$HOME/bin/mytouch" "$HOME/bin/sub/mytouch" "$WS/tools/mytouch"
write_rules <<EOF2
rules:
  - id: bin-read
    path: ~/bin
    allow: [read]
  - id: sub-exec
    path: ~/bin/sub
    allow: [read, execute]
EOF2

MMAP='import mmap, sys
f = open(sys.argv[1], "rb")
try:
    mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ | mmap.PROT_EXEC)
except PermissionError:
    print("mmap=refused")
else:
    print("mmap=mapped")'

n=0
for tier in process guarded full; do
	n=$((n + 1))
	begin_test "$tier: the loader cannot run a binary from a folder without execute"
	fsj --enforce "$tier" -- "$LDSO" "$HOME/bin/mytouch" "$WS/m-ldso-$n"
	assert_rc_not 0
	assert_not_exists "$WS/m-ldso-$n"
	end_test

	begin_test "$tier: python cannot map a file of that folder executable"
	fsj --enforce "$tier" -- python3 -c "$MMAP" "$HOME/bin/mytouch"
	assert_rc 0
	assert_out_eq "mmap=refused"
	end_test

	begin_test "$tier: a nested execute grant, the workspace and /usr still run, directly and by the loader"
	mkdir -p "$WS/m-ok-$n"
	fsj_sh --enforce "$tier" -- '"$1" "$2/a" && "$3" "$1" "$2/b" && "$3" "$4" "$2/c" &&
		"$3" /usr/bin/touch "$2/d" && "$4" "$2/e" && python3 -c "$5" "$1"' \
		"$HOME/bin/sub/mytouch" "$WS/m-ok-$n" "$LDSO" "$WS/tools/mytouch" "$MMAP"
	assert_rc 0
	assert_out_eq "mmap=mapped"
	for m in a b c d e; do
		assert_exists "$WS/m-ok-$n/$m"
	done
	end_test
done

begin_test "without the pid namespace the loader trick fails too"
FSJAIL_NO_PID_NAMESPACE=1 fsj --enforce process -- "$LDSO" "$HOME/bin/mytouch" "$WS/m-nopidns"
assert_rc_not 0
assert_not_exists "$WS/m-nopidns"
end_test

begin_test "writes: execute is not fenced, the loader runs the binary"
fsj --enforce writes -- "$LDSO" "$HOME/bin/mytouch" "$WS/m-writes"
assert_rc 0
assert_exists "$WS/m-writes"
end_test
