#!/bin/bash
# A root command keeps no capability beyond the ones ordinary root work
# has under Docker's default set (src/caps.c caps_drop_command()): no
# real-time or negative-nice scheduling to starve the host (SYS_NICE), no
# lease on a host file it does not own to stall the host's writers and
# hear of every open (LEASE), no unbounded locked memory (IPC_LOCK), nor
# IPC_OWNER, NET_BROADCAST, CHECKPOINT_RESTORE. What builds need stays.
. "$(dirname "$0")/libtest.sh"

plan 3
setup
require_landlock

cap_bit()
{
	local hex
	hex=$(sed -n "s/^$1:[[:space:]]*//p" "$OUT")
	[ -n "$hex" ] || fail "no $1 in the command's status: $(cat "$OUT")"
	echo $(((0x$hex >> $2) & 1))
}

begin_test "root: SYS_NICE, LEASE, IPC_LOCK, IPC_OWNER, NET_BROADCAST, CHECKPOINT_RESTORE are gone"
if ! is_root; then
	skip_root "the capabilities of a root command"
else
	fsj -- grep '^Cap' /proc/self/status
	assert_rc 0
	for set in CapEff CapPrm CapBnd; do
		# NET_BROADCAST 11, IPC_LOCK 14, IPC_OWNER 15, SYS_NICE 23,
		# LEASE 28, CHECKPOINT_RESTORE 40
		for n in 11 14 15 23 28 40; do
			[ "$(cap_bit $set $n)" = 0 ] || fail "$set keeps capability $n: $(cat "$OUT")"
		done
	done
	# CHOWN 0, DAC_OVERRIDE 1, FOWNER 3, KILL 5, SETGID 6, SETUID 7,
	# NET_BIND_SERVICE 10, SYS_CHROOT 18: Docker's default keeps them
	for n in 0 1 3 5 6 7 10 18; do
		[ "$(cap_bit CapEff $n)" = 1 ] || fail "CapEff lost capability $n: $(cat "$OUT")"
	done
	end_test
fi

begin_test "root: a negative nice value is refused inside, taken outside"
# nice(1) runs the command anyway when it cannot: the niceness it ran at
# (field 19 of /proc/self/stat) tells
if ! is_root; then
	skip_root "a root command's nice -n -5"
elif [ "$(nice -n -5 awk '{print $19}' /proc/self/stat 2>/dev/null)" != -5 ]; then
	skip "nice -n -5 takes no effect here outside fsjail either"
else
	fsj -- nice -n -5 awk '{print $19}' /proc/self/stat
	assert_rc 0
	[ "$(cat "$OUT")" = -5 ] && fail "the command ran at niceness -5"
	grep -q 'Permission denied' "$ERR" || fail "nice said nothing of the refusal: $(cat "$ERR")"
	end_test
fi

begin_test "root: no read lease on a file owned by another user"
if ! is_root; then
	skip_root "a root command's F_SETLEASE"
elif ! command -v python3 >/dev/null 2>&1; then
	skip "no python3 here"
else
	echo host >"$WS/leased"
	chown 65534:65534 "$WS/leased"
	lease='import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
try:
    fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_RDLCK)
    print("LEASE-TAKEN")
except OSError as e:
    print("LEASE-REFUSED", e.errno)'
	python3 -c "$lease" "$WS/leased" >"$T/outside" 2>&1
	if ! grep -q LEASE-TAKEN "$T/outside"; then
		skip "root takes no lease here outside fsjail either: $(cat "$T/outside")"
	else
		fsj -- python3 -c "$lease" "$WS/leased"
		assert_rc 0
		grep -q LEASE-REFUSED "$OUT" || fail "the command took a lease: $(cat "$OUT")"
		end_test
	fi
fi

done_testing
