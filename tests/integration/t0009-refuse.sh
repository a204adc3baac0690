#!/bin/bash
# A policy that cannot be applied runs nothing: the command's marker file
# never appears and fsjail exits 125 (issue 2, test 9; DESIGN.md sections 1
# and 5). The kernel's answer is overridden with FSJAIL_LANDLOCK_ABI_MAX=0
# (behave as a kernel without Landlock). Bad input is the same: a rules or
# config file fsjail cannot read or accept, or a bad option, runs nothing.
#
# This script needs no Landlock itself: every refusal must happen whatever
# the kernel; only the control runs need it.
. "$(dirname "$0")/libtest.sh"

plan 15
setup

MARK=$WS/marker

# refused DESC: the last run exited 125, said why, and ran nothing.
refused()
{
	assert_rc 125 "$1"
	assert_not_exists "$MARK"
	if ! [ -s "$ERR" ]; then
		fail "no reason printed on stderr ($1)"
	fi
	rm -f "$MARK"
}

# --- the kernel cannot give the tier ------------------------------------
for enforce in writes process guarded full auto; do
	begin_test "no Landlock (ABI_MAX=0), --enforce $enforce: exit 125, nothing runs"
	FSJAIL_LANDLOCK_ABI_MAX=0 fsj --enforce "$enforce" -- touch "$MARK"
	refused "--enforce $enforce"
	end_test
done

begin_test "no Landlock, default enforce: exit 125 with the reason, nothing runs"
FSJAIL_LANDLOCK_ABI_MAX=0 fsj_sh -- 'touch "$1"; echo ran' "$MARK"
refused default
assert_out_nomatch '^ran$'
assert_err_match '[Ll]andlock|tier|enforce'
end_test

begin_test "no Landlock, enforce in config.yaml: exit 125, nothing runs"
write_config <<EOF
enforce: process
EOF
FSJAIL_LANDLOCK_ABI_MAX=0 fsj -- touch "$MARK"
refused "config enforce: process"
clear_rules
end_test

begin_test "--backend seatbelt without sandbox-exec: exit 125, nothing runs"
FSJAIL_SANDBOX_EXEC=$T/no-such-sandbox-exec fsj --backend seatbelt -- touch "$MARK"
refused "seatbelt backend"
end_test

# --- bad input ------------------------------------------------------------
begin_test "a YAML syntax error in rules.yaml: 125, stderr names file:line:col"
write_rules <<'EOF'
rules:
  - path: ~/docs
    allow: [read
  - path: ~/x
EOF
fsj -- touch "$MARK"
refused "YAML syntax error"
assert_err_match 'rules\.yaml:[0-9]+:[0-9]+'
clear_rules
end_test

begin_test "an unknown key and an unknown capability: 125, stderr names file:line"
write_rules <<'EOF'
rules:
  - path: ~/docs
    alow: [read]
EOF
fsj -- touch "$MARK"
refused "unknown key"
assert_err_match 'rules\.yaml:3(:[0-9]+)?:'
write_rules <<'EOF'
rules:
  - path: ~/docs
    allow: [read, raed]
EOF
fsj -- touch "$MARK"
refused "unknown capability"
assert_err_match 'rules\.yaml:3(:[0-9]+)?:'
clear_rules
end_test

begin_test "a duplicate rule id and a rules file that is not a mapping: 125"
write_rules <<'EOF'
rules:
  - id: same
    path: ~/a
    allow: [read]
  - id: same
    path: ~/b
    allow: [read]
EOF
fsj -- touch "$MARK"
refused "duplicate id"
assert_err_match 'rules\.yaml:[0-9]+'
write_rules <<'EOF'
- just
- a list
EOF
fsj -- touch "$MARK"
refused "not a mapping"
assert_err_match 'rules\.yaml'
clear_rules
end_test

begin_test "an invalid config.yaml: 125, stderr names the file"
write_config <<'EOF'
enforce: sometimes
EOF
fsj -- touch "$MARK"
refused "bad enforce value"
assert_err_match 'config\.yaml:1'
write_config <<'EOF'
mode: [workspace-write
EOF
fsj -- touch "$MARK"
refused "config YAML syntax error"
assert_err_match 'config\.yaml:[0-9]+:[0-9]+'
clear_rules
end_test

begin_test "an unreadable rules file (a directory) is an error: 125"
mkdir -p "$RULES"
fsj -- touch "$MARK"
refused "rules file is a directory"
assert_err_match 'rules\.yaml'
rmdir "$RULES"
end_test

begin_test "bad options: unknown --enforce, --mode, --backend, missing command: 125"
fsj --enforce sometimes -- touch "$MARK"
refused "--enforce sometimes"
fsj --mode write-everything -- touch "$MARK"
refused "--mode write-everything"
fsj --backend nosuch -- touch "$MARK"
refused "--backend nosuch"
fsj --no-such-option -- touch "$MARK"
refused "--no-such-option"
fsj --
assert_rc 125 "no command"
end_test

# --- control: the same command runs when nothing is wrong -----------------
LL_ABI=$(landlock_abi)
if [ "$LL_ABI" -ge 1 ]; then
	begin_test "control: a missing rules file is an empty rule set; the command runs"
	clear_rules
	fsj -- touch "$MARK"
	assert_rc 0
	assert_exists "$MARK"
	rm -f "$MARK"
	end_test
else
	skip_kernel "Landlock is not available (kernel $(uname -r), FSJAIL_LANDLOCK_ABI_MAX=${FSJAIL_LANDLOCK_ABI_MAX:-unset})"
fi

done_testing
