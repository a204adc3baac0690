#!/bin/bash
# Writes outside the workspace are refused unless a rule grants them; a
# symlink in the workspace pointing outside cannot be used to write or read
# outside; a deny on a path that does not exist yet, inside a writable
# folder, cannot be bypassed by creating it (issue 2, test 6; DESIGN.md
# section 7, expansion).
. "$(dirname "$0")/libtest.sh"

plan 13
setup
require_landlock

OUTSIDE=$T/outside          # under /home, outside $HOME: nothing granted
GRANTED=$T/granted          # opened by a rule below
mkdir -p "$OUTSIDE/dir" "$GRANTED"
echo ORIG-outside >"$OUTSIDE/existing"
echo ORIG-home >"$HOME/existing"
snapshot "$OUTSIDE/existing"
snapshot "$HOME/existing"
ln -s "$OUTSIDE/existing" "$WS/link-file"
ln -s "$OUTSIDE/dir" "$WS/link-dir"
ln -s "$OUTSIDE" "$WS/link-up"

write_rules <<EOF
rules:
  - id: granted
    path: "$GRANTED"
    allow: [read, write, create]
EOF

begin_test "creating a file outside the workspace fails"
fsj_sh -- 'echo x > "$1"' "$OUTSIDE/new"
assert_denied
assert_not_exists "$OUTSIDE/new"
fsj -- touch "$HOME/new"
assert_denied
assert_not_exists "$HOME/new"
fsj -- mkdir "$OUTSIDE/newdir"
assert_denied
assert_not_exists "$OUTSIDE/newdir"
end_test

begin_test "changing an existing file outside the workspace fails"
fsj_sh -- 'echo evil >> "$1"' "$OUTSIDE/existing"
assert_denied
assert_unchanged "$OUTSIDE/existing"
fsj -- truncate -s0 "$HOME/existing"
assert_denied
assert_unchanged "$HOME/existing"
end_test

begin_test "a rule granting write and create opens its folder"
fsj_sh -- 'echo granted > "$1"/new && echo more >> "$1"/new' "$GRANTED"
assert_rc 0
assert_content "$GRANTED/new" "granted
more"
end_test

begin_test "a symlink to a file outside cannot be used to write it"
fsj_sh -- 'echo evil > link-file'
assert_denied
assert_unchanged "$OUTSIDE/existing"
fsj_sh -- 'echo evil >> link-file'
assert_denied
assert_unchanged "$OUTSIDE/existing"
end_test

begin_test "a symlink to a folder outside cannot be used to create in it"
fsj_sh -- 'echo evil > link-dir/planted'
assert_denied
assert_not_exists "$OUTSIDE/dir/planted"
fsj -- mkdir link-up/planted-dir
assert_denied
assert_not_exists "$OUTSIDE/planted-dir"
end_test

begin_test "a symlink to a file outside cannot be used to read it (guarded)"
fsj -- cat link-file
assert_denied
assert_out_nomatch ORIG-outside
fsj -- cat link-up/existing
assert_denied
assert_out_nomatch ORIG-outside
end_test

begin_test "a symlink made inside the sandbox cannot reach outside either"
fsj_sh -- 'ln -s "$1" made-link && echo evil >> made-link' "$OUTSIDE/existing"
assert_denied
assert_unchanged "$OUTSIDE/existing"
end_test

# Landlock ABI 1 and 2 have no TRUNCATE right: truncate(2) by path is not
# checked there. A demanded tier (--enforce writes: the kernel enforces
# write, create and delete, DESIGN.md section 5) must then be refused
# (125), or the file outside the grants must stay whole; a run that lets
# it be truncated is a failure.
begin_test "--enforce writes at every ABI up to $LL_ABI: truncate(2) outside the grants fails, or fsjail refuses"
for abi in $(seq 1 "$LL_ABI"); do
	rm -f "$GRANTED/ran"
	FSJAIL_LANDLOCK_ABI_MAX=$abi fsj --enforce writes -- python3 -c '
import os, sys
for path in sys.argv[1:3]:
    try:
        os.truncate(path, 0)
        print("truncated", path)
    except OSError as e:
        print("refused", path, e.strerror)
open(sys.argv[3], "w").close()' "$OUTSIDE/existing" "$HOME/existing" "$GRANTED/ran"
	if [ "$RC" = 125 ]; then
		diag "ABI $abi: fsjail refused to run"
		assert_not_exists "$GRANTED/ran"
	else
		diag "ABI $abi: ran (exit $RC)"
		assert_exists "$GRANTED/ran"
	fi
	assert_unchanged "$OUTSIDE/existing" || diag "  (ABI $abi)"
	assert_unchanged "$HOME/existing" || diag "  (ABI $abi)"
	restore "$OUTSIDE/existing"
	restore "$HOME/existing"
done
end_test

# --- a deny on a path that does not exist yet ----------------------------
mkdir -p "$WS/proj"
echo keep >"$WS/proj/existing"
write_rules <<EOF
rules:
  - id: workspace-delete
    path: "$WS"
    allow: [delete]
  - id: future-secret
    path: proj/future
    deny: [read, write, create, delete, execute]
EOF

begin_test "a denied path that does not exist cannot be created as a file"
for cmd in 'touch proj/future' 'echo x > proj/future' 'ln -s /etc proj/future' \
	'mkfifo proj/future' 'python3 -c "open(\"proj/future\", \"w\")"'; do
	fsj_sh -- "$cmd"
	assert_failed "$cmd"
	assert_not_exists "$WS/proj/future"
done
end_test

begin_test "a denied path that does not exist cannot be created as a folder"
fsj -- mkdir proj/future
assert_failed
assert_not_exists "$WS/proj/future"
fsj -- mkdir -p proj/future/sub
assert_failed
assert_not_exists "$WS/proj/future"
end_test

begin_test "a denied path cannot be made by renaming something onto it"
# The sources exist before the run, so the rename itself is what is tried.
mkdir -p "$WS/made"
echo x >"$WS/made/f"
echo x >"$WS/proj/tmpfile"
echo x >"$WS/tmpfile2"
fsj -- mv made proj/future
assert_failed
assert_not_exists "$WS/proj/future"
fsj -- mv proj/tmpfile proj/future
assert_failed
assert_not_exists "$WS/proj/future"
fsj -- python3 -c 'import os; os.rename("tmpfile2", "proj/future")'
assert_failed
assert_not_exists "$WS/proj/future"
end_test

# A denied path that does not exist cannot be masked: fsjail expands the
# granting folders down to it, and new entries there are unreachable by
# design (DESIGN.md section 7). Existing files keep their grant.
begin_test "existing files next to the denied path stay writable"
fsj_sh -- 'echo more >> proj/existing'
assert_rc 0
assert_content "$WS/proj/existing" "keep
more"
end_test

write_rules <<EOF
rules:
  - id: workspace-delete
    path: "$WS"
    allow: [delete]
  - id: future-deep
    path: later/secret
    deny: [read, write, create, delete, execute]
EOF

begin_test "a denied path whose parent does not exist cannot be created"
fsj_sh -- 'mkdir -p later && echo x > later/secret'
assert_failed
assert_not_exists "$WS/later/secret"
mkdir -p "$WS/elsewhere"
echo x >"$WS/elsewhere/secret"
# later/ may exist now (only later/secret is denied): rename onto it empty
rmdir "$WS/later" 2>/dev/null || true
fsj -- mv elsewhere later
assert_failed
assert_not_exists "$WS/later/secret"
end_test

done_testing
