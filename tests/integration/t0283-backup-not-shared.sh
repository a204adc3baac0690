#!/bin/bash
# A file removed from a name while another name keeps it (perl -i.bak and
# editors link f to f.bak, then rename the new f over f) is kept in the
# backup store by a copy, not by a link: a link would be the same file as
# f.bak, and an edit of f.bak after the run would change what restore
# brings back as f (user6). The last name of a file is still kept by a
# link (no copy of what nothing else can change).
. "$(dirname "$0")/libtest.sh"

plan 2
setup
require_landlock

# store_links FILE: how many files of the backup store are FILE
store_links()
{
	find "$STATE_DIR" -samefile "$1" 2>/dev/null | grep -c .
}

begin_test "renamed over while a second name lives: restore brings back the content of before the run"
echo original >"$WS/f"
fsj_sh -- 'ln f f.bak && echo new >f.tmp && mv f.tmp f'
assert_rc 0
[ "$(store_links "$WS/f.bak")" = 0 ] || fail "the store shares its copy with f.bak"
echo edit >>"$WS/f.bak"
run_cmd "$FSJAIL" backups restore --workspace "$WS"
assert_rc 0
[ "$(cat "$WS/f")" = original ] || fail "f after restore: $(cat "$WS/f" | tr '\n' '|')"
end_test

begin_test "a file removed by its last name is kept by a link (no copy)"
echo only >"$WS/g"
ino=$(stat -c %i "$WS/g")
fsj -- rm g
assert_rc 0
found=$(find "$STATE_DIR" -inum "$ino" 2>/dev/null | grep -c .)
[ "$found" -ge 1 ] || fail "the removed file is not kept by a link in the store"
end_test

done_testing
