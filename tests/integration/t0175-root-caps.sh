#!/bin/bash
# A root command keeps no capability that acts on the host outside the
# files the policy names (src/caps.c caps_drop_host()): it cannot change
# the host's network configuration or clock, load modules, make device
# nodes or set file capabilities; it keeps what ordinary root work in the
# workspace needs (chown, reading files it does not own).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

# cap_bit SET N: bit N of the capability set SET (CapEff, CapBnd, ...) that
# the command printed into $OUT.
cap_bit()
{
	local hex
	hex=$(sed -n "s/^$1:[[:space:]]*//p" "$OUT")
	[ -n "$hex" ] || fail "no $1 in the command's status: $(cat "$OUT")"
	echo $(((0x$hex >> $2) & 1))
}

begin_test "root: the host-acting capabilities are gone from every set, chown and DAC_OVERRIDE stay"
if ! is_root; then
	skip_root "the capabilities of a root command"
else
	fsj -- grep '^Cap' /proc/self/status
	assert_rc 0
	for set in CapEff CapPrm CapBnd; do
		# NET_ADMIN 12, SYS_MODULE 16, SYS_RAWIO 17, SYS_BOOT 22,
		# SYS_TIME 25, MKNOD 27, SETFCAP 31, BPF 39
		for n in 12 16 17 22 25 27 31 39; do
			[ "$(cap_bit $set $n)" = 0 ] || fail "$set keeps capability $n: $(cat "$OUT")"
		done
	done
	# CHOWN 0, DAC_OVERRIDE 1, FOWNER 3
	for n in 0 1 3; do
		[ "$(cap_bit CapEff $n)" = 1 ] || fail "CapEff lost capability $n: $(cat "$OUT")"
	done
	end_test
fi

begin_test "root: the host's network configuration stays as it was"
if ! is_root; then
	skip_root "a root command's ip link"
elif ! command -v ip >/dev/null 2>&1; then
	skip "no ip(8) here"
else
	before=$(ip -o link show lo)
	fsj -- ip link set lo alias fsjail-t0175
	assert_rc_not 0
	after=$(ip -o link show lo)
	if [ "$before" != "$after" ]; then
		ip link set lo alias "" 2>/dev/null
		fail "the host's lo changed: $after"
	fi
	end_test
fi

done_testing
