#!/bin/bash
# write and create are separate capabilities (DESIGN.md section 2):
# write refused alone: an existing file cannot be changed or truncated, new
# files can still be made; create refused alone: nothing new can be made,
# existing files can be changed; create only: a new file can be made and
# filled, an existing one cannot be changed (issue 2, test 3).
. "$(dirname "$0")/libtest.sh"

plan 11
setup
require_landlock

mkdir -p "$WS/w" "$WS/c" "$HOME/drop"
echo orig >"$WS/w/f"
echo orig >"$WS/c/f"
echo orig >"$HOME/drop/old"
snapshot "$WS/w/f"
snapshot "$HOME/drop/old"

write_rules <<EOF
rules:
  - id: no-write
    path: w
    deny: [write]
  - id: no-create
    path: c
    deny: [create]
  - id: drop-box
    path: ~/drop
    allow: [create]
EOF

# --- write refused alone --------------------------------------------------
begin_test "write denied: appending to an existing file fails, content unchanged"
fsj_sh -- 'echo changed >> w/f'
assert_denied
assert_unchanged "$WS/w/f"
fsj -- python3 -c 'f = open("w/f", "r+"); f.write("XX"); f.close()'
assert_failed
assert_unchanged "$WS/w/f"
end_test

begin_test "write denied: ': > f' does not truncate"
fsj_sh -- ': > w/f'
assert_denied
assert_unchanged "$WS/w/f"
end_test

begin_test "write denied: truncate -s0 does not truncate"
fsj -- truncate -s0 w/f
assert_denied
assert_unchanged "$WS/w/f"
fsj -- python3 -c 'import os; os.truncate("w/f", 0)'
assert_failed
assert_unchanged "$WS/w/f"
end_test

begin_test "write denied: creating new entries still works (touch, mkdir)"
fsj_sh -- 'touch w/new && mkdir w/newdir'
assert_rc 0
assert_exists "$WS/w/new"
assert_dir "$WS/w/newdir"
end_test

# --- create refused alone -------------------------------------------------
begin_test "create denied: touch, > new, mkdir, ln -s, mkfifo all fail"
for cmd in 'touch c/n1' 'echo x > c/n2' 'mkdir c/n3' 'ln -s f c/n4' 'mkfifo c/n5' \
	'python3 -c "open(\"c/n6\", \"x\")"'; do
	fsj_sh -- "$cmd"
	assert_denied "$cmd"
done
for n in n1 n2 n3 n4 n5 n6; do
	assert_not_exists "$WS/c/$n"
done
end_test

begin_test "create denied: an existing file can be appended to"
fsj_sh -- 'echo more >> c/f'
assert_rc 0
assert_content "$WS/c/f" "orig
more"
end_test

begin_test "create denied: an existing file can be truncated and rewritten"
fsj_sh -- ': > c/f && echo new >> c/f'
assert_rc 0
assert_content "$WS/c/f" new
fsj -- truncate -s0 c/f
assert_rc 0
assert_content "$WS/c/f" ""
end_test

# --- create only (a folder outside every other grant) ----------------------
begin_test "create only: a new file can be made and filled"
fsj_sh -- 'echo data > "$1"' "$HOME/drop/new"
assert_rc 0
assert_content "$HOME/drop/new" data
fsj -- python3 -c 'import sys; f = open(sys.argv[1], "x"); f.write("py\n"); f.close()' "$HOME/drop/new-py"
assert_rc 0
assert_content "$HOME/drop/new-py" py
end_test

begin_test "create only: a new folder can be made"
fsj -- mkdir "$HOME/drop/newdir"
assert_rc 0
assert_dir "$HOME/drop/newdir"
end_test

begin_test "create only: an existing file cannot be changed or truncated"
fsj_sh -- 'echo changed >> "$1"' "$HOME/drop/old"
assert_denied
assert_unchanged "$HOME/drop/old"
fsj -- truncate -s0 "$HOME/drop/old"
assert_denied
assert_unchanged "$HOME/drop/old"
end_test

begin_test "create only: an existing file cannot be deleted"
fsj -- rm -f "$HOME/drop/old"
assert_denied
assert_unchanged "$HOME/drop/old"
end_test

done_testing
