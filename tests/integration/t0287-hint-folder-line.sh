#!/bin/bash
# The refusal summary's hint lines: a folder's grant gets its own line
# (att8). make_lines() opened a new line for a folder but added the
# folder's grant to the first line (of files in another parent), so a run
# refused a file and then a folder printed a line of no grant at all:
# "to allow them: fsjail run(null) ... or (null) (kept); fsjail explain
# (null) says why" (printf of NULL), and the folder's grant stood among the
# files' of ~.
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

fsj_sh -- 'echo x >~/notes.txt; mkdir -p ~/newtool/cache'

begin_test "no hint line without a grant, no (null)"
grep -q '(null)' "$ERR" && fail "a hint line prints (null): $(grep -n '(null)' "$ERR")"
grep 'to allow' "$ERR" | grep -v -q -- '--grant ' &&
	fail "a hint line offers no grant: $(grep 'to allow' "$ERR" | grep -v -- '--grant ')"
end_test

begin_test "the folder's grant has a line of its own"
line=$(grep 'to allow' "$ERR" | grep -F -- "$HOME/newtool")
[ -n "$line" ] || fail "no hint for $HOME/newtool: $(cat "$ERR")"
case $line in
*notes.txt*) fail "the folder's grant shares the line of ~'s files: $line" ;;
esac
end_test

done_testing
