#!/bin/bash
# A run cannot make its own undo impossible (att36; the field's "state
# the supervisor reads back, grown or planted by the command" class).
# `backups restore` refuses a whole cycle holding one record it refuses,
# and cannot read a manifest past 256 MiB at all. A command removed the
# user's files, then (1) made folders by relative steps until a path
# reached PATH_MAX: the "creating" record of a 4096-byte path was written
# and refused when read back, so nothing of the cycle came back; (2)
# renamed a file with long names back and forth for a few seconds: 322 MB
# of "renamed" records, and restore found no cycle at all. The manifest
# writer now takes back each record as the reader will, and stops at the
# reader's size; the change it cannot record is refused, and everything
# before it is restored. Test 2 lowers the writer's cap to 2 MiB
# (FSJAIL_TEST_MANIFEST_MAX, smaller only) to take a second, not the 8 s
# and 32 s of restore that 256 MiB takes; without the fix it is ignored
# and the run renames to the end. Root only (the writer is the same for
# every user).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock
cd "$WS" || bail_out "cannot enter $WS"

begin_test "a path past PATH_MAX made by relative steps: the removal before it is restored"
mkdir -p dir/sub && echo user-data >dir/sub/kept.txt && echo top >top.txt
fsj -- python3 -c '
import os, shutil
shutil.rmtree("dir"); os.remove("top.txt")
os.mkdir("dir"); os.chdir("dir")
depth = len(os.getcwd())
try:
    while True:  # long names (a restore of deep trees is slow): 4096, then 4098
        name = "d" * max(1, min(250, 4096 - depth - 1))
        os.mkdir(name); os.chdir(name)
        depth += 1 + len(name)
except OSError as e:
    print("stopped:", e.strerror)'
assert_not_exists "$WS/top.txt"
ws_restore
assert_content "$WS/dir/sub/kept.txt" user-data
assert_content "$WS/top.txt" top
rm -rf "$WS/dir" "$WS/top.txt"
end_test

begin_test "renames that would grow the records past the reader's cap: the removal is restored"
echo user-data >kept2.txt
FSJAIL_TEST_MANIFEST_MAX=$((2 << 20)) fsj -- python3 -c '
import os
os.remove("kept2.txt")
p = ""
for i in range(15):
    p += "d" * 250 + "/"
    os.mkdir(p)
a, b = p + "x" * 200, p + "y" * 200
open(a, "w").close()
try:
    for i in range(400):
        os.rename(a, b); os.rename(b, a)
    print("all renamed")
except OSError as e:
    print("stopped:", e.strerror)'
assert_out_match "^stopped: File too large"
ws_restore
assert_content "$WS/kept2.txt" user-data
end_test

done_testing
