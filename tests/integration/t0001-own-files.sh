#!/bin/bash
# fsjail's own files (rules file, config file, state) cannot be written,
# replaced or deleted from inside the sandbox, even when a rule grants
# write, create and delete on their directory (issue 2, test 1; DESIGN.md
# section 3, level "protected").
. "$(dirname "$0")/libtest.sh"

plan 26
setup
require_landlock

# The rules themselves try to open fsjail's folders as wide as they can.
write_rules <<EOF
rules:
  - id: open-config-dir
    path: "$CONF_DIR"
    allow: [read, write, create, delete]
  - id: open-fsjail-home
    path: "$FSJAIL_HOME"
    allow: [read, write, create, delete]
EOF
write_config <<EOF
network: allow
EOF
snapshot "$RULES"
snapshot "$CONFIG"
echo 'rules: []' >"$WS/evil.yaml"

begin_test "control: the run works and the workspace is writable"
fsj_sh -- 'echo ok > ok.txt'
assert_rc 0
assert_content "$WS/ok.txt" ok
end_test

# The protected files are a nested deny inside the grants above: checked
# with mount masks (default) and with expansion (FSJAIL_NO_MOUNT_MASKS=1).
own_files_tests()
{
	local how=$1

	begin_test "$how: appending to the rules file is refused"
	fsj_sh -- 'echo "  - {path: /, allow: [write]}" >> "$1"' "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: truncating the rules file is refused (: >, truncate -s0)"
	fsj_sh -- ': > "$1"' "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	fsj -- truncate -s0 "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: deleting the rules file is refused (rm, python os.remove)"
	fsj -- rm -f "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	fsj -- python3 -c 'import os, sys; os.remove(sys.argv[1])' "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: replacing the rules file by a rename onto it is refused"
	fsj -- mv -f "$WS/evil.yaml" "$RULES"
	assert_failed
	assert_unchanged "$RULES"
	fsj -- python3 -c 'import os, sys; open(sys.argv[2], "w").write("rules: []\n"); os.replace(sys.argv[2], sys.argv[1])' \
		"$RULES" "$CONF_DIR/new.yaml"
	assert_failed
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: renaming the rules file away is refused"
	fsj -- mv "$RULES" "$CONF_DIR/rules.yaml.bak"
	assert_failed
	assert_unchanged "$RULES"
	assert_not_exists "$CONF_DIR/rules.yaml.bak"
	end_test

	begin_test "$how: a hard link to the rules file cannot be made and written"
	fsj_sh -- 'ln "$1" "$2" && echo evil >> "$2"' "$RULES" "$WS/rules-link"
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: a symlink in the workspace does not open the rules file for writing"
	ln -sfn "$RULES" "$WS/rules-symlink"
	fsj_sh -- 'echo evil >> "$1"' "$WS/rules-symlink"
	assert_denied
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: the config file cannot be written, truncated or deleted"
	fsj_sh -- 'echo "enforce: off" >> "$1"' "$CONFIG"
	assert_denied
	assert_unchanged "$CONFIG"
	fsj -- truncate -s0 "$CONFIG"
	assert_denied
	assert_unchanged "$CONFIG"
	fsj -- rm -f "$CONFIG"
	assert_denied
	assert_unchanged "$CONFIG"
	end_test

	begin_test "$how: the config directory cannot be renamed away (the rules file stays in place)"
	fsj -- mv "$CONF_DIR" "$FSJAIL_HOME/config.away"
	assert_failed
	assert_dir "$CONF_DIR"
	assert_unchanged "$RULES"
	assert_unchanged "$CONFIG"
	assert_not_exists "$FSJAIL_HOME/config.away"
	end_test

	begin_test "$how: the state directory cannot be written into or renamed away"
	mkdir -p "$STATE_DIR"
	fsj -- touch "$STATE_DIR/planted"
	assert_denied
	assert_not_exists "$STATE_DIR/planted"
	fsj -- mv "$STATE_DIR" "$FSJAIL_HOME/state.away"
	assert_failed
	assert_dir "$STATE_DIR"
	assert_not_exists "$FSJAIL_HOME/state.away"
	end_test


	begin_test "$how: tier writes: the rules file still cannot be written or deleted"
	fsj_sh --enforce writes -- 'echo "  - {path: /}" >> "$1"' "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	fsj --enforce writes -- rm -f "$RULES"
	assert_denied
	assert_unchanged "$RULES"
	end_test

	begin_test "$how: --rules FILE elsewhere is protected as well"
	rm -rf "$HOME/myrules"
	mkdir -p "$HOME/myrules"
	printf 'rules:\n  - id: open-myrules\n    path: "%s"\n    allow: [read, write, create, delete]\n' \
		"$HOME/myrules" >"$HOME/myrules/r.yaml"
	snapshot "$HOME/myrules/r.yaml"
	fsj_sh --rules "$HOME/myrules/r.yaml" -- 'echo evil >> "$1"' "$HOME/myrules/r.yaml"
	assert_denied
	assert_unchanged "$HOME/myrules/r.yaml"
	fsj --rules "$HOME/myrules/r.yaml" -- rm -f "$HOME/myrules/r.yaml"
	assert_denied
	assert_unchanged "$HOME/myrules/r.yaml"
	end_test
}

begin_test "the rules file is still readable (baseline: config directory read)"
fsj -- cat "$RULES"
assert_rc 0
assert_out_match 'open-config-dir'
end_test

unset FSJAIL_NO_MOUNT_MASKS
own_files_tests masks
export FSJAIL_NO_MOUNT_MASKS=1
own_files_tests expansion
unset FSJAIL_NO_MOUNT_MASKS

done_testing
