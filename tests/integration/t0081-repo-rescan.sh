#!/bin/bash
# After a run, fsjail names the git repositories the command made in the
# workspace (their hooks and config were the command's): the scan after
# the run reads again only the folders whose entries changed (issue 18;
# src/repometa-walk.c), and must still find a repository made
#   - deep under folders left unchanged (only the deepest folder changed),
#   - in a folder renamed into an unchanged folder,
#   - at the top of the workspace,
# and say nothing when the command made none. The tree is made, then
# aged past the racy-clean margin (2 s), so the unchanged folders are
# really taken from the first scan.
. "$(dirname "$0")/libtest.sh"

plan 4
setup
require_landlock

mkdir -p "$WS/a/b/c" "$WS/x/y" || bail_out "cannot make the tree"
for i in 1 2 3; do mkdir -p "$WS/a/b/c/d$i" "$WS/x/y/e$i"; done
sleep 3

begin_test "a repository made deep under unchanged folders is named"
fsj -- git init -q "$WS/a/b/c/d2/new"
assert_rc 0
assert_err_match "the command made git repositories"
assert_err_match "^  $WS/a/b/c/d2/new/\\.git\$"
end_test

begin_test "a repository in a folder renamed into an unchanged folder is named"
fsj_sh -- 'git init -q "$1/fresh/sub" && mv "$1/fresh" "$1/x/y/e2/fresh"' "$WS"
assert_rc 0
assert_err_match "^  $WS/x/y/e2/fresh/sub/\\.git\$"
end_test

begin_test "a repository made at the workspace top is named"
fsj -- git init -q "$WS"
assert_rc 0
assert_err_match "^  $WS/\\.git\$"
end_test

begin_test "no note when the command made no repository"
fsj_sh -- 'echo hi >"$1/a/b/c/d3/file"; mkdir "$1/a/b/c/d3/dir"' "$WS"
assert_rc 0
assert_out_nomatch "made git repositories"
end_test

done_testing
