#!/bin/bash
# Writes outside the workspace are refused unless a rule grants them; a
# symlink in the workspace pointing outside cannot be used to write or read
# outside; a deny on a path that does not exist yet, inside a writable
# folder, cannot be bypassed by creating it (issue 2, test 6; DESIGN.md
# section 7, expansion).
. "$(dirname "$0")/libtest.sh"

plan 12
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
  - id: future-deep
    path: later/secret
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
fsj_sh -- 'mkdir made && echo x > made/f; mv made proj/future'
assert_failed
assert_not_exists "$WS/proj/future"
fsj_sh -- 'echo x > proj/tmpfile; mv proj/tmpfile proj/future'
assert_failed
assert_not_exists "$WS/proj/future"
end_test

begin_test "a denied path whose parent does not exist cannot be created"
fsj_sh -- 'mkdir -p later && echo x > later/secret'
assert_failed
assert_not_exists "$WS/later/secret"
end_test

begin_test "existing files next to the denied path stay writable"
fsj_sh -- 'echo more >> proj/existing'
assert_rc 0
assert_content "$WS/proj/existing" "keep
more"
end_test

done_testing
