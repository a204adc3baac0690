#!/bin/bash
# Only the standard device nodes are readable: a block device read as root
# would hand over a whole disk, fenced folders included, and the tier
# guarded opens / for reading. The standard nodes keep working.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

dev=$(lsblk -dnpo NAME 2>/dev/null | head -n 1)
[ -n "$dev" ] || dev=$(ls /dev/vda /dev/sda /dev/nvme0n1 /dev/loop0 2>/dev/null | head -n 1)

if [ -z "$dev" ] || [ ! -r "$dev" ]; then
	skip "no readable block device here"
else
	begin_test "a block device cannot be read at tier guarded"
	fsj --enforce guarded -- head -c 16 "$dev"
	assert_denied
	end_test
fi

begin_test "the standard nodes stay usable"
fsj_sh --enforce guarded -- 'head -c 4 /dev/urandom | wc -c; echo x > /dev/null && echo null-ok'
assert_rc 0
assert_out_match '^4$'
assert_out_match 'null-ok'
end_test

done_testing
