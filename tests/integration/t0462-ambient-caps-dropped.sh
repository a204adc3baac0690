#!/bin/bash
# A root caller with ambient capabilities (setpriv --ambient-caps): the
# command keeps none of those fsjail drops (src/caps.c: the host-acting
# ones, CAP_SYS_PTRACE, CAP_SYS_ADMIN and CAP_DAC_READ_SEARCH once the
# masks are laid) in its ambient set either, so that no program it
# executes gets them back; one fsjail leaves (CAP_DAC_OVERRIDE) stays
# ambient. caps.c lowers the ambient set through the capset(2) that takes
# a capability out of the permitted and inheritable sets (issue 12: no
# PR_CAP_AMBIENT call per capability).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
command -v setpriv >/dev/null || skip_rest_kernel "no setpriv"

# cap_bit SET N: bit N of the capability set SET the command printed.
cap_bit()
{
	local hex
	hex=$(sed -n "s/^$1:[[:space:]]*//p" "$OUT")
	[ -n "$hex" ] || fail "no $1 in the command's status: $(cat "$OUT")"
	echo $(((0x$hex >> $2) & 1))
}

# DAC_OVERRIDE 1, DAC_READ_SEARCH 2, NET_ADMIN 12, SYS_MODULE 16,
# SYS_PTRACE 19, SYS_ADMIN 21, SYS_TIME 25, MKNOD 27
caps=+dac_override,+dac_read_search,+net_admin,+sys_module,+sys_ptrace,+sys_admin,+sys_time,+mknod

begin_test "root: the ambient set keeps none of the capabilities fsjail drops"
if ! is_root; then
	skip_root "the ambient set of a root command"
else
	run_cmd setpriv --inh-caps "$caps" --ambient-caps "$caps" grep '^CapAmb' /proc/self/status
	[ "$(cap_bit CapAmb 12)" = 1 ] || bail_out "setpriv made no ambient set: $(cat "$OUT")"
	run_cmd setpriv --inh-caps "$caps" --ambient-caps "$caps" \
		"$FSJAIL" run --workspace "$WS" -- grep '^Cap' /proc/self/status
	assert_rc 0
	for n in 2 12 16 19 21 25 27; do
		[ "$(cap_bit CapAmb $n)" = 0 ] || fail "CapAmb keeps capability $n: $(cat "$OUT")"
		[ "$(cap_bit CapInh $n)" = 0 ] || fail "CapInh keeps capability $n: $(cat "$OUT")"
	done
	end_test
fi

begin_test "root: a capability fsjail leaves stays ambient (DAC_OVERRIDE)"
if ! is_root; then
	skip_root "the ambient set of a root command"
else
	run_cmd setpriv --inh-caps "$caps" --ambient-caps "$caps" \
		"$FSJAIL" run --workspace "$WS" -- grep '^Cap' /proc/self/status
	assert_rc 0
	[ "$(cap_bit CapAmb 1)" = 1 ] || fail "CapAmb lost DAC_OVERRIDE: $(cat "$OUT")"
	end_test
fi

done_testing
